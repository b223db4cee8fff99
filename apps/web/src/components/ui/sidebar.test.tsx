import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from './sidebar';

function State() {
  return <output data-testid="state">{useSidebar().state}</output>;
}

function renderSidebar() {
  return render(
    <SidebarProvider>
      <Sidebar label="Main navigation">
        <a href="/">Home</a>
      </Sidebar>
      <SidebarTrigger />
      <State />
    </SidebarProvider>,
  );
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie the component writes.
  document.cookie = 'sidebar:state=; path=/; max-age=0';
});

describe('Sidebar', () => {
  it('toggles with Ctrl+B and Cmd+B and keeps the state in the sidebar:state cookie', () => {
    renderSidebar();
    expect(screen.getByTestId('state').textContent).toBe('expanded');
    act(() => {
      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    });
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    expect(document.cookie).toContain('sidebar:state=false');
    act(() => {
      fireEvent.keyDown(window, { key: 'b', metaKey: true });
    });
    expect(screen.getByTestId('state').textContent).toBe('expanded');
    expect(document.cookie).toContain('sidebar:state=true');
  });

  it('starts collapsed when the cookie says so', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging the stored state.
    document.cookie = 'sidebar:state=false; path=/';
    renderSidebar();
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    fireEvent.click(screen.getByRole('button', { name: /toggle sidebar/i }));
    expect(screen.getByTestId('state').textContent).toBe('expanded');
  });
});
