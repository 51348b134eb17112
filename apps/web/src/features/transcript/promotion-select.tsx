import { promotionLabel, type Transcript } from '@skolar/shared';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../ui/fields.tsx';

/** Which of the student's promotions the transcript shows (only when there are several). */
export function PromotionSelect({
  transcript,
  onChange,
}: {
  transcript: Transcript;
  onChange: (promotionId: number) => void;
}) {
  const { t } = useTranslation();
  if (transcript.promotions.length < 2) return null;
  return (
    <SelectField
      label={t('transcript.choosePromotion')}
      value={transcript.promotion.id}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {transcript.promotions.map((promotion) => (
        <option key={promotion.id} value={promotion.id}>
          {promotionLabel(promotion)}
        </option>
      ))}
    </SelectField>
  );
}
