import type { Video, Visibility } from '@contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePublishVideo } from '../api/publish-video';
import { addCaption, type SubtitleDraft } from '../api/captions';
import { addToPlaylists } from '../../playlists';
import { errorMessage } from '../../../lib/api-client';
import { isEmailUnverified } from '../../account';
import { readVideoDuration } from '../utils/read-video-duration';
import { uploadErrorMessage } from '../utils/upload-error';
import { defaultTitle, durationText, type UploadValues } from '../utils/upload-rules';
import { useTusTransfer } from './use-tus-transfer';
import { EMPTY_SUBTITLE_ROW, type SubtitleRow } from '../utils/subtitle-rows';

const emptySubtitleRows = (): SubtitleRow[] => [
  EMPTY_SUBTITLE_ROW,
  EMPTY_SUBTITLE_ROW,
  EMPTY_SUBTITLE_ROW,
];

/** What Done hands over: the form's fields, complete and valid. */
export type UploadDraft = {
  title: string;
  description: string;
  hashtag: string;
  visibility: Visibility;
  thumbnail: File;
  /** Subtitle files, added once the video is published. */
  subtitles?: SubtitleDraft[];
  /** The uploader's playlists it goes into once published. */
  playlists?: readonly string[];
};

/** `editing` until Done; `waiting` for the last bytes; `publishing` while the server takes it. */
export type PublishPhase = 'editing' | 'waiting' | 'publishing';

export function initialValues(file: File): UploadValues {
  return {
    title: defaultTitle(file.name),
    description: '',
    thumbnail: null,
    visibility: '',
    hashtag: '',
  };
}

/**
 * One upload from pick to published: the file's bytes go over tus from the moment it is
 * picked; the form (kept here, so closing the dialog loses nothing) is filled meanwhile; Done
 * publishes as soon as the bytes are in. A failed publish leaves the form as it was, with the
 * reason, for another try.
 */
export function useVideoUpload() {
  const transfer = useTusTransfer();
  const { mutateAsync } = usePublishVideo();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<UploadValues | null>(null);
  const [step, setStep] = useState(0);
  const [phase, setPhase] = useState<PublishPhase>('editing');
  const [error, setError] = useState<string | null>(null);
  /** The publish was refused because the address is unconfirmed: the page offers a new link. */
  const [emailUnverified, setEmailUnverified] = useState(false);
  const [published, setPublished] = useState<Video | null>(null);
  /** Subtitles that could not be added to the published video, said beside it. */
  const [warning, setWarning] = useState<string | null>(null);
  const [subtitles, setSubtitles] = useState<SubtitleRow[]>(emptySubtitleRows);
  const draft = useRef<UploadDraft | null>(null);

  const pick = useCallback(
    (picked: File) => {
      setFile(picked);
      setValues(initialValues(picked));
      setSubtitles(emptySubtitleRows());
      setStep(0);
      setPhase('editing');
      setError(null);
      void transfer.start(picked);
    },
    [transfer],
  );

  const clear = useCallback(() => {
    setFile(null);
    setValues(null);
    setSubtitles(emptySubtitleRows());
    setStep(0);
    setPhase('editing');
    setError(null);
    draft.current = null;
  }, []);

  const publish = useCallback(
    async (ready: UploadDraft, uploadId: string, video: File) => {
      setPhase('publishing');
      try {
        const duration = durationText(await readVideoDuration(video));
        const { subtitles: drafts = [], playlists = [], ...fields } = ready;
        const created = await mutateAsync({ input: { ...fields, uploadId, duration } });
        const failed: string[] = [];
        for (const subtitle of drafts) {
          try {
            await addCaption(created._id, subtitle);
          } catch (problem) {
            failed.push(`${subtitle.language}: ${errorMessage(problem, 'not added')}`);
          }
        }
        if (playlists.length > 0) await addToPlaylists(created._id, playlists);
        setWarning(
          failed.length > 0 ? `Some subtitles were not added (${failed.join('; ')}).` : null,
        );
        setPublished(created);
        clear();
      } catch (failure) {
        setPhase('editing');
        setError(uploadErrorMessage(failure));
        setEmailUnverified(isEmailUnverified(failure));
      }
    },
    [clear, mutateAsync],
  );

  const submit = useCallback((ready: UploadDraft) => {
    draft.current = ready;
    setError(null);
    setEmailUnverified(false);
    setPhase('waiting');
  }, []);

  // Done publishes as soon as the bytes are in (at once when they already are).
  const { phase: sending, uploadId } = transfer.state;
  useEffect(() => {
    if (phase !== 'waiting' || sending !== 'complete' || !uploadId || !draft.current || !file) {
      return;
    }
    void publish(draft.current, uploadId, file);
  }, [phase, sending, uploadId, file, publish]);

  const cancel = useCallback(() => {
    transfer.cancel();
    clear();
  }, [transfer, clear]);

  return {
    file,
    values,
    setValues,
    subtitles,
    setSubtitles,
    step,
    setStep,
    phase,
    error,
    emailUnverified,
    transfer,
    published,
    warning,
    pick,
    submit,
    cancel,
    dismissPublished: useCallback(() => {
      setPublished(null);
      setWarning(null);
    }, []),
  };
}

export type VideoUploadSession = ReturnType<typeof useVideoUpload>;
