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
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './sortable-list.css';

interface SortableListProps<T> {
  items: readonly T[];
  /** A stable key per item (unique in the list). */
  keyOf: (item: T) => string | number;
  /** What the item is called in the handle's and the buttons' labels and in the announcement. */
  nameOf: (item: T) => string;
  /** The row's content beside its handle and position. */
  render: (item: T, index: number) => ReactNode;
  /** Absent: the list is read-only. Saves the whole order; a failure puts the list back. */
  onReorder?: (items: T[]) => Promise<void>;
  /** Shows each row's position (off when the rows number themselves). */
  numbered?: boolean;
}

interface RowProps {
  id: string | number;
  name: string;
  index: number;
  count: number;
  editable: boolean;
  numbered: boolean;
  move: (from: number, to: number) => void;
  children: ReactNode;
}

function Row({ id, name, index, count, editable, numbered, move, children }: RowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !editable,
  });
  return (
    <li
      ref={setNodeRef}
      className={`sortable-list__row${isDragging ? ' sortable-list__row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {editable && (
        <button
          type="button"
          className="sortable-list__handle"
          aria-label={t('sortable.drag', { name })}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={16} aria-hidden="true" />
        </button>
      )}
      {numbered && <span className="sortable-list__position">{index + 1}.</span>}
      <div className="sortable-list__content">{children}</div>
      {editable && (
        <span className="sortable-list__moves">
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t('sortable.up', { name })}
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
          >
            <ArrowUp size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-label={t('sortable.down', { name })}
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
 * An ordered list that editors reorder by dragging (dnd-kit), by keyboard (focus a handle, Space,
 * arrows, Space) or with the up and down buttons; each move saves the whole order and is
 * announced to screen readers.
 */
export function SortableList<T>({
  items,
  keyOf,
  nameOf,
  render,
  onReorder,
  numbered = true,
}: SortableListProps<T>) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<readonly T[]>(items);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => setOrder(items), [items]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (!onReorder || from === to || to < 0 || to >= order.length) return;
    const previous = order;
    const next = arrayMove([...order], from, to);
    setOrder(next);
    setAnnouncement(t('sortable.moved', { name: nameOf(next[to]!), position: to + 1 }));
    onReorder(next).catch(() => setOrder(previous));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      order.findIndex((item) => keyOf(item) === active.id),
      order.findIndex((item) => keyOf(item) === over.id),
    );
  };
  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map(keyOf)} strategy={verticalListSortingStrategy}>
          <ol className="sortable-list">
            {order.map((item, index) => (
              <Row
                key={keyOf(item)}
                id={keyOf(item)}
                name={nameOf(item)}
                index={index}
                count={order.length}
                editable={Boolean(onReorder)}
                numbered={numbered}
                move={move}
              >
                {render(item, index)}
              </Row>
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
