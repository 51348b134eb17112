import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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

interface RowProps {
  item: OrderedItem;
  index: number;
  count: number;
  href: string;
  editable: boolean;
  move: (from: number, to: number) => void;
}

function Row({ item, index, count, href, editable, move }: RowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !editable,
  });
  return (
    <li
      ref={setNodeRef}
      className={`lesson-order__row${isDragging ? ' lesson-order__row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {editable && (
        <button
          type="button"
          className="lesson-order__handle"
          aria-label={t('lessons.order.drag', { name: item.title })}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={16} aria-hidden="true" />
        </button>
      )}
      <span className="lesson-order__position">{index + 1}.</span>
      <Link to={href} className="lesson-order__title">
        {item.title}
      </Link>
      {item.archived_at && (
        <span className="badge manage-badge--archived">{t('manage.archivedBadge')}</span>
      )}
      {editable && (
        <span className="lesson-order__moves">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t('lessons.order.up', { name: item.title })}
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
          >
            <ArrowUp size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t('lessons.order.down', { name: item.title })}
            disabled={index === count - 1}
            onClick={() => move(index, index + 1)}
          >
            <ArrowDown size={16} aria-hidden="true" />
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * An ordered list of chapters that editors reorder by dragging, by keyboard (focus a handle,
 * Space, arrows, Space) or with the up and down buttons; each change saves the whole order.
 */
export function ChapterOrder({ items, hrefOf, onReorder }: ChapterOrderProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(items);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => setOrder(items), [items]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (!onReorder || from === to || to < 0 || to >= order.length) return;
    const previous = order;
    const next = arrayMove(order, from, to);
    setOrder(next);
    setAnnouncement(t('lessons.order.moved', { name: next[to]!.title, position: to + 1 }));
    onReorder(next.map((item) => item.id)).catch(() => setOrder(previous));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      order.findIndex((item) => item.id === active.id),
      order.findIndex((item) => item.id === over.id),
    );
  };
  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext
          items={order.map((item) => item.id)}
          strategy={verticalListSortingStrategy}
        >
          <ol className="lesson-order">
            {order.map((item, index) => (
              <Row
                key={item.id}
                item={item}
                index={index}
                count={order.length}
                href={hrefOf(item.id)}
                editable={Boolean(onReorder)}
                move={move}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
