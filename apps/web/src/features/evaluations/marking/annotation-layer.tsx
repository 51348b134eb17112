import type { ANNOTATION_COLORS, Annotation, AnnotationBody } from '@skolar/shared';
import { type PointerEvent, useRef, useState } from 'react';

/** What a marker's pointer does on a page: nothing (reading), or one of the three marks. */
export type Tool = 'read' | 'highlight' | 'comment' | 'drawing';

type Geometry = Annotation['geometry'];
export type AnnotationColor = (typeof ANNOTATION_COLORS)[number];
type Rect = { x: number; y: number; width: number; height: number };
type Stroke = { points: number[][] };
const isStroke = (geometry: Geometry): geometry is Stroke => 'points' in geometry;
const isRect = (geometry: Geometry): geometry is Rect => 'width' in geometry;
type Draft =
  | { kind: 'highlight'; from: [number, number]; to: [number, number] }
  | { kind: 'drawing'; points: [number, number][] };

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** The number shown beside each annotation that carries a text, in page then creation order. */
export function numbered(annotations: readonly Annotation[]) {
  const numbers = new Map<number, number>();
  for (const row of annotations) if (row.text) numbers.set(row.id, numbers.size + 1);
  return numbers;
}

function anchorOf(geometry: Geometry): [number, number] {
  if (isStroke(geometry)) return [geometry.points[0]?.[0] ?? 0, geometry.points[0]?.[1] ?? 0];
  return [geometry.x, geometry.y];
}

/**
 * The marks on one PDF page, drawn over it in an SVG of the page's size; with a tool, the pointer
 * draws a highlight (drag a rectangle), a drawing (a stroke) or places a comment (a click), given
 * back in fractions of the page. Keyboard users add and edit annotations from the list beside.
 */
export function AnnotationLayer({
  page,
  size,
  annotations,
  numbers,
  tool,
  color,
  selected,
  onCreate,
  onSelect,
  label,
}: {
  page: number;
  size: { width: number; height: number };
  annotations: readonly Annotation[];
  numbers: ReadonlyMap<number, number>;
  tool: Tool;
  color: AnnotationColor;
  selected: number | null;
  onCreate?: (body: AnnotationBody) => void;
  onSelect?: (id: number) => void;
  label: string;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const at = (event: PointerEvent): [number, number] => {
    const box = svg.current!.getBoundingClientRect();
    return [
      round(clamp((event.clientX - box.left) / box.width)),
      round(clamp((event.clientY - box.top) / box.height)),
    ];
  };
  const drawing = tool !== 'read' && onCreate !== undefined;
  const down = (event: PointerEvent<SVGSVGElement>) => {
    if (!drawing) return;
    const point = at(event);
    if (tool === 'comment') {
      // No mouse down follows: the focus stays for the comment's own field.
      event.preventDefault();
      onCreate({ kind: 'comment', page, geometry: { x: point[0], y: point[1] }, text: '' });
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    setDraft(
      tool === 'highlight'
        ? { kind: 'highlight', from: point, to: point }
        : { kind: 'drawing', points: [point] },
    );
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!draft) return;
    const point = at(event);
    setDraft(
      draft.kind === 'highlight'
        ? { ...draft, to: point }
        : { ...draft, points: [...draft.points, point] },
    );
  };
  const up = () => {
    if (!draft || !onCreate) return;
    setDraft(null);
    if (draft.kind === 'highlight') {
      const x = Math.min(draft.from[0], draft.to[0]);
      const y = Math.min(draft.from[1], draft.to[1]);
      const width = round(Math.abs(draft.to[0] - draft.from[0]));
      const height = round(Math.abs(draft.to[1] - draft.from[1]));
      if (width < 0.005 || height < 0.003) return;
      onCreate({ kind: 'highlight', page, geometry: { x, y, width, height }, color });
    } else if (draft.points.length >= 2) {
      onCreate({ kind: 'drawing', page, geometry: { points: draft.points.slice(0, 2000) }, color });
    }
  };
  const { width, height } = size;
  const shape = (row: Annotation | (Draft & { id: -1; color: string })) => {
    const geometry: Geometry | null =
      'geometry' in row
        ? row.geometry
        : row.kind === 'drawing'
          ? { points: row.points }
          : {
              x: Math.min(row.from[0], row.to[0]),
              y: Math.min(row.from[1], row.to[1]),
              width: Math.abs(row.to[0] - row.from[0]),
              height: Math.abs(row.to[1] - row.from[1]),
            };
    if (!geometry) return null;
    const isSelected = row.id === selected;
    if (isStroke(geometry))
      return (
        <polyline
          points={geometry.points.map(([x = 0, y = 0]) => `${x * width},${y * height}`).join(' ')}
          fill="none"
          stroke={row.color}
          strokeWidth={isSelected ? 4 : 2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      );
    if (isRect(geometry))
      return (
        <rect
          x={geometry.x * width}
          y={geometry.y * height}
          width={geometry.width * width}
          height={geometry.height * height}
          fill={row.color}
          fillOpacity={0.3}
          stroke={row.color}
          strokeWidth={isSelected ? 2.5 : 1}
        />
      );
    return null;
  };
  return (
    <svg
      ref={svg}
      className={drawing ? 'annotation-layer annotation-layer--drawing' : 'annotation-layer'}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={() => setDraft(null)}
    >
      {annotations.map((row) => {
        const number = numbers.get(row.id);
        const [x, y] = anchorOf(row.geometry);
        return (
          // The list beside the file is the keyboard's way to each annotation.
          <g
            key={row.id}
            className="annotation-layer__mark"
            onPointerDown={(event) => {
              if (tool !== 'read' || !onSelect) return;
              event.stopPropagation();
              onSelect(row.id);
            }}
          >
            {shape(row)}
            {(row.kind === 'comment' || number !== undefined) && (
              <>
                <circle cx={x * width} cy={y * height} r={11} fill={row.color} />
                <text
                  x={x * width}
                  y={y * height + 4}
                  textAnchor="middle"
                  className="annotation-layer__number"
                >
                  {number ?? '•'}
                </text>
              </>
            )}
          </g>
        );
      })}
      {draft && shape({ ...draft, id: -1, color })}
    </svg>
  );
}
