import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SortableList } from '../../ui/sortable-list.tsx';

export interface OrderedItem {
  id: number;
  title: string;
  archived_at: string | null;
}

interface ChapterOrderProps {
  items: OrderedItem[];
  hrefOf: (id: number) => string;
  /** Absent: the list is read-only. Saves the whole order; a failure puts the list back. */
  onReorder?: (ids: number[]) => Promise<void>;
}

/**
 * An ordered list of chapters that editors reorder by dragging, by keyboard (focus a handle,
 * Space, arrows, Space) or with the up and down buttons; each change saves the whole order.
 */
export function ChapterOrder({ items, hrefOf, onReorder }: ChapterOrderProps) {
  const { t } = useTranslation();
  return (
    <SortableList
      items={items}
      keyOf={(item) => item.id}
      nameOf={(item) => item.title}
      onReorder={onReorder && ((next) => onReorder(next.map((item) => item.id)))}
      render={(item) => (
        <>
          <Link to={hrefOf(item.id)} className="lesson-order__title">
            {item.title}
          </Link>
          {item.archived_at && (
            <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
          )}
        </>
      )}
    />
  );
}
