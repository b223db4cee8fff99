/** Records each visited page (last 10) and offers "back to the previous page" to the breadcrumb. */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type HistoryEntry, popCurrent, previousPage, recordVisit } from '@/lib/navigation-history';

const STORAGE_KEY = 'hr:navigation-history';

function loadHistory(): HistoryEntry[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

interface NavigationHistoryValue {
  history: HistoryEntry[];
  previous: { path: string; title: string };
  goBack: () => void;
}

const NavigationHistoryContext = createContext<NavigationHistoryValue | null>(null);

export function NavigationHistoryProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [history, setHistory] = useState<HistoryEntry[]>(loadHistory);
  const current = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (location.pathname === '/auth') return;
    setHistory((entries) => recordVisit(entries, current));
  }, [current, location.pathname]);

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(history));
    } catch {
      // Storage full or disabled: the history still works for this page's lifetime.
    }
  }, [history]);

  const goBack = useCallback(() => {
    const target = previousPage(history);
    // Drop the current page and the target; the target is recorded again when it renders.
    setHistory((entries) => popCurrent(popCurrent(entries)));
    navigate(target.path);
  }, [history, navigate]);

  const value = useMemo(() => ({ history, previous: previousPage(history), goBack }), [history, goBack]);
  return <NavigationHistoryContext.Provider value={value}>{children}</NavigationHistoryContext.Provider>;
}

export function useNavigationHistory(): NavigationHistoryValue {
  const value = useContext(NavigationHistoryContext);
  if (!value) throw new Error('useNavigationHistory must be used within NavigationHistoryProvider.');
  return value;
}
