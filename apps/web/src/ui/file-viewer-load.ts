import { useEffect, useRef, useState } from 'react';

type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

/**
 * Runs `load` once on mount and again on `retry`, and says where it stands. The signal aborts when
 * the component leaves or retries: `load` stops its requests and frees what it holds (a PDF
 * document) on it, and a late answer is dropped. The viewer keys its views by URL, so a new file
 * is a new mount.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>): {
  state: Loaded<T>;
  retry: () => void;
} {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** The file's answer, same-origin with its cookies; an error status is a failure like the network's. */
export async function fetchFile(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}
