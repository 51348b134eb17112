import type { GradeEntry, GradeGrid, GradeGridRow, ResultConflict } from '@skolar/shared';

/** What the server holds for a line (null grade and no absence: pending). */
interface LineValue {
  grade: number | null;
  absent: boolean;
  comment: string | null;
}

/** One student's cells: what is typed, what the server had, and what the last save said. */
export interface Cell {
  studentId: number;
  /** The grade as typed (comma or point), empty for none. */
  grade: string;
  absent: boolean;
  comment: string;
  /** The server's line and its version (0: no line yet). */
  base: LineValue & { version: number };
  /** The typed grade is the quiz's suggestion, not yet touched. */
  fromQuiz: boolean;
  /** Messages of the last save, by field (`grade`, `comment`). */
  errors: Partial<Record<'grade' | 'comment', string>>;
  conflict: ResultConflict | null;
  selected: boolean;
  published: boolean;
}

export interface GridState {
  cells: Record<number, Cell>;
  order: number[];
}

export type GridAction =
  | { type: 'load'; grid: GradeGrid; language?: string }
  | { type: 'grade'; studentId: number; value: string }
  | { type: 'absent'; studentId: number; value: boolean }
  | { type: 'comment'; studentId: number; value: string }
  | { type: 'errors'; errors: Record<number, Cell['errors']> }
  | { type: 'conflicts'; conflicts: ResultConflict[] }
  | { type: 'takeTheirs'; studentId: number }
  | { type: 'keepMine'; studentId: number }
  | { type: 'select'; studentId: number; value: boolean }
  | { type: 'selectAll'; value: boolean };

/** A grade as the teacher types it: `12,5` or `12.5`; NaN for anything else. */
export function parseGrade(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A grade as the teacher reads it: `12,5` in a language that writes a decimal comma. */
export const gradeText = (grade: number | null, language = 'en') => {
  if (grade === null) return '';
  const comma = new Intl.NumberFormat(language).format(1.5).includes(',');
  return comma ? String(grade).replace('.', ',') : String(grade);
};

function cellOf(row: GradeGridRow, language?: string): Cell {
  const result = row.result;
  const base = result
    ? {
        grade: result.grade,
        absent: result.absent,
        comment: result.comment,
        version: result.version,
      }
    : { grade: null, absent: false, comment: null, version: 0 };
  const pending = base.grade === null && !base.absent;
  const suggestion = pending && row.quiz?.grade != null ? row.quiz.grade : null;
  return {
    studentId: row.student.id,
    grade: gradeText(suggestion ?? base.grade, language),
    absent: base.absent,
    comment: base.comment ?? '',
    base,
    fromQuiz: suggestion !== null,
    errors: {},
    conflict: null,
    selected: false,
    published: result?.published_at != null,
  };
}

/** The line the cell would save (NaN grade when what is typed is not a number). */
function lineOf(cell: Cell): LineValue {
  return {
    grade: cell.absent ? null : parseGrade(cell.grade),
    absent: cell.absent,
    comment: cell.comment.trim() === '' ? null : cell.comment.trim(),
  };
}

/** The cell differs from the server's line. */
export function isDirty(cell: Cell): boolean {
  const value = lineOf(cell);
  return (
    !Object.is(value.grade, cell.base.grade) ||
    value.absent !== cell.base.absent ||
    value.comment !== (cell.base.comment ?? null)
  );
}

/** The batch of a save: the changed lines only, each with the version it was loaded with. */
export function changedEntries(state: GridState): GradeEntry[] {
  return state.order
    .map((id) => state.cells[id]!)
    .filter(isDirty)
    .map((cell) => {
      const value = lineOf(cell);
      return {
        student_id: cell.studentId,
        grade: value.grade,
        absent: value.absent,
        comment: value.comment,
        version: cell.base.version,
      };
    });
}

function patch(state: GridState, studentId: number, change: Partial<Cell>): GridState {
  const cell = state.cells[studentId];
  if (!cell) return state;
  return { ...state, cells: { ...state.cells, [studentId]: { ...cell, ...change } } };
}

/**
 * The grid's cells by student. Each action replaces only the cells it changes, so a memoised
 * row re-renders only when its own cell does.
 */
export function gridReducer(state: GridState, action: GridAction): GridState {
  switch (action.type) {
    case 'load': {
      const cells: Record<number, Cell> = {};
      for (const row of action.grid.rows) cells[row.student.id] = cellOf(row, action.language);
      return { cells, order: action.grid.rows.map((row) => row.student.id) };
    }
    case 'grade': {
      // Typing `abs` in a grade marks the student absent.
      if (action.value.trim().toLowerCase() === 'abs')
        return patch(state, action.studentId, {
          grade: '',
          absent: true,
          fromQuiz: false,
          errors: {},
        });
      return patch(state, action.studentId, {
        grade: action.value,
        absent: action.value.trim() === '' ? state.cells[action.studentId]!.absent : false,
        fromQuiz: false,
        errors: {},
      });
    }
    case 'absent':
      return patch(state, action.studentId, {
        absent: action.value,
        grade: action.value ? '' : state.cells[action.studentId]!.grade,
        fromQuiz: false,
        errors: {},
      });
    case 'comment':
      return patch(state, action.studentId, {
        comment: action.value,
        errors: { ...state.cells[action.studentId]!.errors, comment: undefined },
      });
    case 'errors': {
      let next = state;
      for (const [id, errors] of Object.entries(action.errors))
        next = patch(next, Number(id), { errors });
      return next;
    }
    case 'conflicts': {
      let next = state;
      for (const conflict of action.conflicts)
        next = patch(next, conflict.student_id, { conflict });
      return next;
    }
    case 'takeTheirs': {
      const conflict = state.cells[action.studentId]?.conflict;
      if (!conflict) return state;
      return patch(state, action.studentId, {
        grade: gradeText(conflict.grade),
        absent: conflict.absent,
        comment: conflict.comment ?? '',
        base: {
          grade: conflict.grade,
          absent: conflict.absent,
          comment: conflict.comment,
          version: conflict.version,
        },
        conflict: null,
        fromQuiz: false,
        errors: {},
      });
    }
    case 'keepMine': {
      const conflict = state.cells[action.studentId]?.conflict;
      if (!conflict) return state;
      // The next save sends this line again, from the version that is there now.
      return patch(state, action.studentId, {
        base: {
          grade: conflict.grade,
          absent: conflict.absent,
          comment: conflict.comment,
          version: conflict.version,
        },
        conflict: null,
      });
    }
    case 'select':
      return patch(state, action.studentId, { selected: action.value });
    case 'selectAll': {
      const cells = { ...state.cells };
      for (const id of state.order)
        if (cells[id]!.selected !== action.value)
          cells[id] = { ...cells[id]!, selected: action.value };
      return { ...state, cells };
    }
  }
}

export const emptyGrid: GridState = { cells: {}, order: [] };
