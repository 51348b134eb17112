import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Code2,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Table,
} from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** The visible label of the field. */
  label: string;
  /** The initial HTML; later changes of the prop are ignored (the editor owns its document). */
  value: string;
  onChange: (html: string) => void;
  /** Stores an image and answers its address (`/api/files/<id>`); without it, no image button. */
  uploadImage?: (file: File) => Promise<string>;
  /** Called when an upload fails (e.g. a toast). */
  onUploadError?: (error: unknown) => void;
  error?: string;
}

interface ToolProps {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, active, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      className="rte__tool"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const isSafeLink = (href: string) => /^(https?:\/\/|mailto:)/i.test(href.trim());

/** The toolbar of the editor: every action is a labelled button reachable with Tab. */
function Toolbar({
  editor,
  onImage,
  label,
}: {
  editor: Editor;
  onImage?: () => void;
  label: string;
}) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const link = () => {
    if (state.link) {
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    const href = window.prompt(t('editor.linkPrompt'), 'https://');
    if (href && isSafeLink(href)) chain().extendMarkRange('link').setLink({ href }).run();
  };
  return (
    <div className="rte__toolbar" role="toolbar" aria-label={t('editor.toolbar', { label })}>
      <Tool
        label={t('editor.heading2')}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <Heading2 size={16} aria-hidden="true" />
      </Tool>
      <Tool
        label={t('editor.heading3')}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <Heading3 size={16} aria-hidden="true" />
      </Tool>
      <Tool label={t('editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold size={16} aria-hidden="true" />
      </Tool>
      <Tool
        label={t('editor.italic')}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic size={16} aria-hidden="true" />
      </Tool>
      <Tool
        label={t('editor.bulletList')}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List size={16} aria-hidden="true" />
      </Tool>
      <Tool
        label={t('editor.orderedList')}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered size={16} aria-hidden="true" />
      </Tool>
      <Tool
        label={t('editor.quote')}
        active={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <Quote size={16} aria-hidden="true" />
      </Tool>
      <Tool label={t('editor.link')} active={state.link} onClick={link}>
        <Link2 size={16} aria-hidden="true" />
      </Tool>
      <Tool
        label={t('editor.codeBlock')}
        active={state.code}
        onClick={() => chain().toggleCodeBlock().run()}
      >
        <Code2 size={16} aria-hidden="true" />
      </Tool>
      <Tool
        label={t('editor.table')}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        <Table size={16} aria-hidden="true" />
      </Tool>
      {onImage && (
        <Tool label={t('editor.image')} onClick={onImage}>
          <ImagePlus size={16} aria-hidden="true" />
        </Tool>
      )}
    </div>
  );
}

const imagesOf = (list: FileList | null | undefined) =>
  [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

/**
 * A rich-text field (TipTap): headings, bold and italic, lists, quotes, links, code blocks,
 * tables and images. The HTML it produces is sanitised again by the server on every write.
 * Images pasted, dropped or chosen are stored with `uploadImage` and inserted by address.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  uploadImage,
  onUploadError,
  error,
}: RichTextEditorProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const insertImages = async (editor: Editor, files: File[]) => {
    if (!uploadImage) return;
    for (const file of files) {
      try {
        const src = await uploadImage(file);
        editor.chain().focus().setImage({ src, alt: file.name }).run();
      } catch (failure) {
        onUploadError?.(failure);
      }
    }
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => isSafeLink(url),
          HTMLAttributes: { rel: 'noopener noreferrer' },
        },
      }),
      Image.configure({ allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        class: 'rte__content prose',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
      handlePaste: (_view, event) => {
        const files = imagesOf(event.clipboardData?.files);
        if (files.length === 0 || !uploadImage || !editor) return false;
        void insertImages(editor, files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imagesOf((event as DragEvent).dataTransfer?.files);
        if (files.length === 0 || !uploadImage || !editor) return false;
        void insertImages(editor, files);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  return (
    <div className={`field rte${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      {editor && (
        <Toolbar
          editor={editor}
          label={label}
          onImage={uploadImage ? () => fileInput.current?.click() : undefined}
        />
      )}
      <EditorContent editor={editor} />
      {uploadImage && (
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const files = imagesOf(event.target.files);
            event.target.value = '';
            if (editor) void insertImages(editor, files);
          }}
        />
      )}
      {error && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
