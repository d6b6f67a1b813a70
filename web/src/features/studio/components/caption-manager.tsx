import { Captions, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { useCaptionList, useChangeCaptions } from '../../upload';
import { CAPTION_LANGUAGE } from '@contract';

/**
 * The video's subtitles in the studio: each language with its label, removable; a form adds
 * one (or replaces that language's) from a SubRip or WebVTT file.
 */
export function CaptionManager({ videoId }: { videoId: string }) {
  const list = useCaptionList(videoId);
  const { add, remove } = useChangeCaptions(videoId);
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const id = useId();
  const languageOk = CAPTION_LANGUAGE.test(language.trim());

  const submit = () => {
    if (!file || !languageOk) return;
    add.mutate(
      { language, label, file },
      {
        onSuccess: () => {
          setLanguage('');
          setLabel('');
          setFile(null);
          setFormKey((k) => k + 1);
        },
      },
    );
  };
  const failure = add.error ?? remove.error;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-line p-4">
      <h2
        id={`${id}-title`}
        className="flex items-center gap-2 text-lg font-semibold text-ink-strong"
      >
        <Captions className="size-5" aria-hidden />
        Captions
      </h2>
      {list.isPending ? <p className="mt-2 text-sm text-ink-muted">Loading…</p> : null}
      {list.data && list.data.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No captions yet.</p>
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul aria-label="Caption tracks" className="mt-3 flex flex-col gap-2">
          {list.data.map((track) => (
            <li key={track.language} className="flex items-center gap-3 text-sm">
              <span className="rounded bg-hover px-2 py-0.5 font-mono text-xs">
                {track.language}
              </span>
              <span className="min-w-0 flex-1 truncate text-ink-strong">{track.label}</span>
              <a className="text-accent hover:underline" href={track.url} download>
                WebVTT
              </a>
              <button
                type="button"
                aria-label={`Remove ${track.label} subtitles`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(track.language)}
                className={buttonStyles.icon}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        key={formKey}
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          Language
          <input
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value)}
            placeholder="e.g. en, pt-BR"
            maxLength={35}
            aria-invalid={language !== '' && !languageOk}
            className="w-32 rounded border border-line bg-transparent px-2 py-1 text-ink-strong"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Label (optional)
          <input
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={50}
            className="w-44 rounded border border-line bg-transparent px-2 py-1 text-ink-strong"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          File (.srt or .vtt)
          <input
            type="file"
            accept=".srt,.vtt,text/vtt,application/x-subrip"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            className="text-xs"
          />
        </label>
        <button
          type="submit"
          disabled={!file || !languageOk || add.isPending}
          className={buttonStyles.secondary}
        >
          Add subtitles
        </button>
      </form>
      {failure ? (
        <div className="mt-3">
          <FormError message={errorMessage(failure, 'The subtitles could not be changed.')} />
        </div>
      ) : null}
    </section>
  );
}
