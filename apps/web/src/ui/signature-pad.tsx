import { Eraser } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import './signature-pad.css';

const HEIGHT = 160;

/**
 * A signature drawn with a finger, a mouse or a stylus (`signature_pad`), or typed as a name for
 * whoever cannot draw (the keyboard, a screen reader): either way a PNG on white, given to
 * `onChange` as a data URL (null when empty).
 */
export function SignatureField({
  label,
  onChange,
}: {
  label: string;
  onChange: (dataUrl: string | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [typed, setTyped] = useState('');

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // The canvas is drawn at the screen's density, so that a signature is not blurred.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const width = element.offsetWidth || 480;
    element.width = width * ratio;
    element.height = HEIGHT * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    let drawn: SignaturePad;
    try {
      drawn = new SignaturePad(element, {
        backgroundColor: 'rgb(255, 255, 255)',
        penColor: 'rgb(20, 30, 60)',
      });
    } catch {
      // No canvas (a test's DOM): the typed name still signs.
      return;
    }
    pad.current = drawn;
    const ended = () => {
      setTyped('');
      changed.current(drawn.isEmpty() ? null : drawn.toDataURL('image/png'));
    };
    drawn.addEventListener('endStroke', ended);
    return () => {
      drawn.removeEventListener('endStroke', ended);
      drawn.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    setTyped('');
    changed.current(null);
  };

  /** A typed name, written in a hand-like face on the canvas: the signature is that image. */
  const type = (name: string) => {
    setTyped(name);
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) {
      changed.current(name.trim() ? name : null);
      return;
    }
    pad.current?.clear();
    if (!name.trim()) {
      changed.current(null);
      return;
    }
    const width = element.width / Math.max(window.devicePixelRatio || 1, 1);
    context.save();
    context.fillStyle = 'rgb(20, 30, 60)';
    context.font = 'italic 36px "Segoe Script", "Brush Script MT", cursive, serif';
    context.textBaseline = 'middle';
    context.fillText(name.trim(), 16, HEIGHT / 2, width - 32);
    context.restore();
    changed.current(element.toDataURL('image/png'));
  };

  return (
    <div className="signature-field">
      <p className="signature-field__label" id={`${id}-label`}>
        {label}
      </p>
      <canvas
        ref={canvas}
        className="signature-field__canvas"
        style={{ height: HEIGHT }}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
      />
      <p className="signature-field__help" id={`${id}-help`}>
        {t('signaturePad.help')}
      </p>
      <div className="signature-field__row">
        <label className="signature-field__typed">
          <span>{t('signaturePad.typed')}</span>
          <input
            className="field__input"
            value={typed}
            maxLength={80}
            autoComplete="name"
            onChange={(event) => type(event.target.value)}
          />
        </label>
        <button type="button" className="button button--ghost button--small" onClick={clear}>
          <Eraser size={16} aria-hidden="true" />
          {t('signaturePad.clear')}
        </button>
      </div>
    </div>
  );
}
