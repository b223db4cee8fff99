import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';

function renderWithClient(ui: ReactElement) {
  return render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('SignInForm', () => {
  it('offers the verification email again when the address is not verified, and sends it for that address', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/sign-in/email'
        ? answer(403, {
            error: { code: 'FORBIDDEN', message: 'Please verify your email address before signing in.' },
          })
        : answer(200, {
            message:
              'If this email address is waiting for verification, we have sent a new verification email.',
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithClient(<SignInForm ready onSignedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'wait@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText(
        'If this email address is waiting for verification, we have sent a new verification email.',
      ),
    ).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/send-verification-email');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'wait@example.com' });
  });

  it('does not offer it for wrong credentials', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(401, { error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' } }),
      ),
    );
    renderWithClient(<SignInForm ready onSignedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'who@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull();
  });
});

describe('ForgotPasswordForm', () => {
  it('asks for the reset link and shows the answer', async () => {
    const message =
      'If an account exists for this email address, we have sent a link to reset your password. The link works for one hour.';
    const fetchMock = vi.fn(async () => answer(200, { message }));
    vi.stubGlobal('fetch', fetchMock);
    const onBack = vi.fn();
    renderWithClient(<ForgotPasswordForm onBack={onBack} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Lost@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/request-password-reset');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'lost@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(onBack).toHaveBeenCalled();
  });
});
