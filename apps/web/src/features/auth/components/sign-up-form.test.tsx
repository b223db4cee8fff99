import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignUpForm } from './sign-up-form';

function renderForm() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <SignUpForm />
    </QueryClientProvider>,
  );
}

describe('SignUpForm', () => {
  it('lower-cases and trims the email on blur', () => {
    renderForm();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    fireEvent.change(email, { target: { value: '  New.Person@Example.COM ' } });
    fireEvent.blur(email);
    expect(email.value).toBe('new.person@example.com');
  });

  it('shows "Passwords do not match" while the confirmation differs', () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
      target: { value: 'Abcdefgh1!xyz' },
    });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Abcdefgh1!xy' } });
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Abcdefgh1!xyz' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the sign-up password rules on submit', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'New Person' } });
    fireEvent.change(screen.getByLabelText('Company Name'), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 12 characters long')).toBeTruthy();
  });
});
