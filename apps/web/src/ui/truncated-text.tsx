import * as Tooltip from '@radix-ui/react-tooltip';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './truncated-text.css';

const INTERACTIVE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The full text when the box cuts its content, else null. */
function clippedText(box: HTMLElement): string | null {
  const cut = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
  return cut ? (box.textContent ?? '').trim() || null : null;
}

/**
 * A value cut to one line with an ellipsis; when it is cut, the full value shows in a tooltip on
 * hover and on keyboard focus (the box itself takes the focus unless it holds a link or a button).
 */
export function TruncatedText({ children }: { children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const [full, setFull] = useState<string | null>(null);
  const [holdsControl, setHoldsControl] = useState(false);
  const [open, setOpen] = useState(false);

  // Measured after every render (the text may change without the box resizing) and on resize.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setFull(clippedText(element));
    setHoldsControl(element.querySelector(INTERACTIVE) !== null);
  });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFull(clippedText(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root open={full !== null && open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <span
            ref={box}
            className="truncated-text"
            tabIndex={full !== null && !holdsControl ? 0 : undefined}
          >
            {children}
          </span>
        </Tooltip.Trigger>
        {full !== null && (
          <Tooltip.Portal>
            <Tooltip.Content
              className="truncated-text__tooltip"
              side="top"
              align="start"
              sideOffset={4}
            >
              {full}
            </Tooltip.Content>
          </Tooltip.Portal>
        )}
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
