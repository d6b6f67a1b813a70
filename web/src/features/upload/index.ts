/** What other features may use of this one; everything else is internal. */
export { UploadLauncher } from './components/upload-launcher';
export { thumbnailProblem } from './utils/upload-rules';
export { ThumbnailPicker } from './components/steps/thumbnail-picker';
export type { FrameSource } from './hooks/use-video-frames';
export { useCaptionList, useChangeCaptions } from './api/captions';
export type { SubtitleDraft } from './api/captions';
export { StorageBar } from './components/storage-bar';
