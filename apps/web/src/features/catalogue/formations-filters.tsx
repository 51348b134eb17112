import type { PublicInstitution } from '@skolar/shared';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CATALOGUE_KINDS,
  type CatalogueFilters,
  catalogueInstitutions,
} from './catalogue-search.ts';

/**
 * The catalogue's search box, its institution filter (the institutions that have something in
 * the catalogue) and the choice of kind (everything, trainings, seminars) as a segmented control.
 */
export function FormationsFilters({
  search,
  onSearch,
  filters,
  items,
  onChange,
}: {
  search: string;
  onSearch: (search: string) => void;
  filters: CatalogueFilters;
  items: readonly { institution: PublicInstitution }[];
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const institutions = catalogueInstitutions(items, i18n.language);
  return (
    // biome-ignore lint/a11y/useSemanticElements: jsdom and older browsers do not know <search>; the role is its ARIA equivalent.
    <form
      role="search"
      className="formations__filters"
      aria-label={t('public.formations.filters')}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="field formations__search">
        <label htmlFor={`${id}-q`} className="field__label">
          {t('public.formations.search')}
        </label>
        <div className="formations__search-box">
          <Search aria-hidden="true" size={18} />
          <input
            id={`${id}-q`}
            type="search"
            className="field__input"
            placeholder={t('public.formations.searchPlaceholder')}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
          />
        </div>
      </div>
      <div className="field formations__institution">
        <label htmlFor={`${id}-institution`} className="field__label">
          {t('public.formations.institution')}
        </label>
        <select
          id={`${id}-institution`}
          className="field__input"
          value={filters.institution ?? ''}
          onChange={(event) => onChange({ institution: event.target.value || null })}
        >
          <option value="">{t('public.formations.allInstitutions')}</option>
          {institutions.map((institution) => (
            <option key={institution.id} value={institution.id}>
              {institution.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="formations__kinds">
        <legend className="field__label">{t('public.formations.kind')}</legend>
        <div className="formations__segments">
          {CATALOGUE_KINDS.map((kind) => (
            <label key={kind} className="formations__segment">
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={filters.kind === kind}
                onChange={() => onChange({ kind: kind === 'all' ? null : kind })}
              />
              <span>{t(`public.formations.kinds.${kind}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
