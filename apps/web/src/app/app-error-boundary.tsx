/** Catches a crash in any component below it and shows "Application Error" with "Reload Page". */
import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface State {
  error: Error | null;
}

export class AppErrorBoundary extends Component<{ children: ReactNode; onReload?: () => void }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Application error', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div
        role="alert"
        className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Application Error</h1>
        <p className="max-w-md text-sm text-muted-foreground">
          Something went wrong while showing this page. Reloading usually fixes it.
        </p>
        {error.message && (
          <pre className="max-w-full overflow-auto rounded bg-muted p-2 text-xs">{error.message}</pre>
        )}
        <Button onClick={this.props.onReload ?? (() => window.location.reload())}>Reload Page</Button>
      </div>
    );
  }
}
