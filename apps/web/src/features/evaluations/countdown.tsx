import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The server's clock, ticking each second: the device's clock corrected by the skew measured when
 * the answer arrived (`server_now` against the time the query received it), so a device set wrong
 * still counts down to the server's opening and closing.
 */
function useServerNow(serverNow: string, receivedAt: number) {
  const skew = Date.parse(serverNow) - receivedAt;
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    setNow(Date.now() + skew);
    const timer = window.setInterval(() => setNow(Date.now() + skew), 1000);
    return () => window.clearInterval(timer);
  }, [skew]);
  return now;
}

/** `2 days 03:04:05`, in the interface's language. */
function useRemaining() {
  const { t } = useTranslation();
  const pad = (value: number) => String(value).padStart(2, '0');
  return (ms: number) => {
    const seconds = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(seconds / 86_400);
    const clock = `${pad(Math.floor((seconds % 86_400) / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
    return days > 0 ? `${t('evaluations.days', { count: days })} ${clock}` : clock;
  };
}

/** Until the evaluation opens, until it closes, or that it has closed, by the server's clock. */
export function Countdown({
  opensAt,
  closesAt,
  serverNow,
  receivedAt,
}: {
  opensAt: string;
  closesAt: string;
  serverNow: string;
  receivedAt: number;
}) {
  const { t } = useTranslation();
  const now = useServerNow(serverNow, receivedAt);
  const remaining = useRemaining();
  const opens = Date.parse(opensAt);
  const closes = Date.parse(closesAt);
  const text =
    now < opens
      ? t('evaluations.opensIn', { time: remaining(opens - now) })
      : now < closes
        ? t('evaluations.closesIn', { time: remaining(closes - now) })
        : t('evaluations.closedNow');
  // The text changes every second: it is read on focus, not announced at each tick.
  return <p className="evaluation-countdown">{text}</p>;
}
