import './progress-bar.css';

interface ProgressBarProps {
  /** Whole percent, 0 to 100. */
  value: number;
  /** What the bar measures, read by screen readers (e.g. "Progress of Algorithmique"). */
  label: string;
  /** The figure shown beside the bar, e.g. "3 / 5 chapters". */
  detail?: string;
}

/** A reading-progress bar, announced as a progressbar with its percentage. */
export function ProgressBar({ value, label, detail }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress">
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={detail ? `${clamped} % (${detail})` : `${clamped} %`}
      >
        <div className="progress__fill" style={{ width: `${clamped}%` }} />
      </div>
      <span className="progress__figure">
        {clamped} %{detail && <span className="progress__detail"> · {detail}</span>}
      </span>
    </div>
  );
}
