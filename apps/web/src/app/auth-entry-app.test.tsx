import { MESSAGES } from '@hr/shared/error-messages';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthEntryApp, leave, returnTarget, sendOnIfSignedIn, urlWithTab } from './auth-entry-app';
import { isPrerenderedView } from './auth-screen';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** Answers fetch by path; records what was asked. */
function serve(answers: Record<string, Answer>) {
  const calls: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[path] ?? { status: 404 };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

const errorBody = (code: string, message: string) => ({ error: { code, message } });
const assign = vi.fn();
const replace = vi.fn();

beforeEach(() => {
  vi.spyOn(leave, 'assign').mockImplementation(assign);
  vi.spyOn(leave, 'replace').mockImplementation(replace);
  window.history.replaceState(null, '', '/auth');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  assign.mockReset();
  replace.mockReset();
  toast.dismiss();
});

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('where the sign-in page sends a visitor (the app’s safe-redirect rules)', () => {
  it('goes back to a same-origin path, never elsewhere nor to /auth', () => {
    expect(returnTarget('?redirectTo=%2Fattendance%3Ffrom%3Dtest')).toBe('/attendance?from=test');
    expect(returnTarget('')).toBe('/');
    for (const target of [
      '//evil.example',
      'https://evil.example/',
      '/\\evil.example',
      '/auth?x=1',
      '/auth',
    ]) {
      expect(returnTarget(`?redirectTo=${encodeURIComponent(target)}`), target).toBe('/');
    }
  });

  it('sends a signed-in visitor on at once, replacing /auth in the history', async () => {
    serve({ '/api/v1/me': { status: 200, body: { id: 'u1' } } });
    expect(await sendOnIfSignedIn('?redirectTo=%2Fholidays')).toBe(true);
    expect(replace).toHaveBeenCalledWith('/holidays');
  });

  it('keeps a visitor without a session (or when the read fails) on the page', async () => {
    serve({ '/api/v1/me': { status: 401, body: errorBody('UNAUTHENTICATED', MESSAGES.notSignedIn) } });
    expect(await sendOnIfSignedIn('?redirectTo=%2Fholidays')).toBe(false);
    serve({ '/api/v1/me': { status: 500 } });
    expect(await sendOnIfSignedIn('')).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });

  it('keeps the other parameters when the tab changes', () => {
    expect(urlWithTab('http://x.test/auth?redirectTo=%2Fh', 'sign-up')).toBe(
      '/auth?redirectTo=%2Fh&tab=sign-up',
    );
    expect(urlWithTab('http://x.test/auth?tab=sign-up&redirectTo=%2Fh', 'sign-in')).toBe(
      '/auth?redirectTo=%2Fh',
    );
  });
});

describe('the prerendered page', () => {
  it('hydrates without a mismatch, keeps what was typed before, and enables its buttons', async () => {
    const html = renderToString(
      <StrictMode>
        <AuthEntryApp initialSearch="" />
      </StrictMode>,
    );
    expect(html).toContain('aria-label="Sign in"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(submit?.disabled).toBe(true);
    const email = container.querySelector<HTMLInputElement>('#signin-email');
    if (!email) throw new Error('no email field');
    email.value = 'typed@early.example';
    const recoverable: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <AuthEntryApp initialSearch="" />
        </StrictMode>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });
    expect(recoverable).toEqual([]);
    expect(container.querySelector('#signin-email')).toBe(email);
    expect(email.value).toBe('typed@early.example');
    expect(submit?.disabled).toBe(false);
    expect(document.title).toBe('Sign In - Northwind HR');
    act(() => root?.unmount());
    container.remove();
  });

  it('is the view of /auth and /auth?redirectTo=..., not of the other views', () => {
    expect(isPrerenderedView(new URLSearchParams(''))).toBe(true);
    expect(isPrerenderedView(new URLSearchParams('redirectTo=%2Fholidays&crossApp=x'))).toBe(true);
    for (const other of ['tab=sign-up', 'verified=1', 'error=INVALID_TOKEN', 'reset=1']) {
      expect(isPrerenderedView(new URLSearchParams(other)), other).toBe(false);
    }
  });
});

describe('signing in on the page built apart', () => {
  it('checks the fields with the shared schema before sending anything', async () => {
    const calls = serve({});
    render(<AuthEntryApp initialSearch="" />);
    fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    // Corrected, the message goes as the field changes (after the first submit).
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'a@b.example' } });
    await waitFor(() => expect(screen.queryByText('Invalid email address')).toBeNull());
  });

  it('signs in with the normalised email and leaves with a page load to the way back', async () => {
    window.history.replaceState(null, '', '/auth?redirectTo=%2Fholidays%3Ftab%3Dcalendar');
    const calls = serve({ '/api/auth/sign-in/email': { status: 200, body: { user: { id: 'u1' } } } });
    render(<AuthEntryApp initialSearch={window.location.search} />);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    fireEvent.change(email, { target: { value: '  Alice@Northwind.EXAMPLE ' } });
    fireEvent.blur(email);
    expect(email.value).toBe('alice@northwind.example');
    fillAndSubmit('alice@northwind.example', 'DemoPassw0rd!2026');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/holidays?tab=calendar'));
    expect(calls).toEqual([
      {
        path: '/api/auth/sign-in/email',
        body: { email: 'alice@northwind.example', password: 'DemoPassw0rd!2026' },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeTruthy();
  });

  it('shows the server’s message for a wrong password and a rate limit, with when to try again', async () => {
    serve({
      '/api/auth/sign-in/email': {
        status: 401,
        body: errorBody('UNAUTHENTICATED', MESSAGES.invalidCredentials),
      },
    });
    render(<AuthEntryApp initialSearch="" />);
    fillAndSubmit('nobody@e2e.example', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();

    serve({
      '/api/auth/sign-in/email': {
        status: 429,
        body: errorBody('RATE_LIMITED', MESSAGES.tooManyLogins),
        headers: { 'retry-after': '120' },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many login attempts. Please try again later. Try again in 2 minutes.',
      ),
    );
  });

  it('offers a new verification email when the address is not verified yet', async () => {
    const calls = serve({
      '/api/auth/sign-in/email': { status: 403, body: errorBody('FORBIDDEN', MESSAGES.emailNotVerified) },
      '/api/auth/send-verification-email': {
        status: 200,
        body: {
          message:
            'If this email address is waiting for verification, we have sent a new verification email.',
        },
      },
    });
    render(<AuthEntryApp initialSearch="" />);
    fillAndSubmit('new@e2e.example', 'Sup3r-Secret-Pass!');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.emailNotVerified);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(
      await screen.findByText(
        'If this email address is waiting for verification, we have sent a new verification email.',
      ),
    ).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      path: '/api/auth/send-verification-email',
      body: { email: 'new@e2e.example' },
    });
  });
});

describe('the tabs, the messages and the rarer forms', () => {
  it('switches tabs by click and by keyboard, keeping the URL’s other parameters', async () => {
    window.history.replaceState(null, '', '/auth?redirectTo=%2Fholidays');
    render(<AuthEntryApp initialSearch={window.location.search} />);
    const signIn = screen.getByRole('tab', { name: 'Sign In' });
    expect(signIn.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(window.location.search).toBe('?redirectTo=%2Fholidays&tab=sign-up');
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(document.title).toBe('Sign Up - Northwind HR');
    // Sign-up loads with its own query client on this page.
    expect(await screen.findByLabelText('Company Name')).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Sign Up' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Sign Up' }), { key: 'ArrowLeft' });
    expect(window.location.search).toBe('?redirectTo=%2Fholidays');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });

  it('opens Forgot password? and comes back', async () => {
    render(<AuthEntryApp initialSearch="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
    expect(document.title).toBe('Forgot Password - Northwind HR');
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy();
  });

  it('shows the messages of the links that lead here', () => {
    render(<AuthEntryApp initialSearch="?verified=1" />);
    expect(screen.getByText('Your email is verified. You can sign in now.')).toBeTruthy();
  });

  it('says a sister app’s link needs a session, once nobody is found signed in', async () => {
    render(<AuthEntryApp initialSearch="?crossApp=abc" signedIn={Promise.resolve(false)} />);
    expect(await screen.findByText('Authentication required for cross-app navigation')).toBeTruthy();
  });
});
