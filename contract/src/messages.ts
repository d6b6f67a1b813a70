/**
 * Messages the API answers with (and the web shows), worded as the product description gives
 * them. The web app's own wording is in web/src/lib/ui-constants.ts.
 */
export const MESSAGES = {
  titleMin: 'Title must be at least 4 characters long.',
  descriptionMin: 'Description must be at least 4 characters long.',
  thumbnailRequired: 'Thumbnail is required.',
  thumbnailTooLarge: 'File size exceeds 25MB. Please upload a smaller file.',
  videoTooLarge: 'Video size exceeds 25MB. Please upload a smaller file.',
  hashtagRequired: 'Hashtag is required.',
  visibilityRequired: 'Visibility is required.',
  videoRequired: 'Video file is required.',
  /** A file whose first bytes are no container the server takes. */
  notAVideoContainer: 'Video file must be an MP4, MOV, WebM, Matroska or Ogg video.',
  avatarRequired: 'Avatar is required.',
  videoNotFoundApi: 'Video not found.',
  videoProcessing: 'This video is being processed.',
  commentMin: 'Comment must be at least 4 characters long.',
  commentMax: 'Comment must be at most 5000 characters long.',
  commentNotFound: 'Comment not found.',
  channelNotFound: 'Channel not found.',
  selfSubscribe: 'You cannot subscribe to your own channel.',
  registrationFailed: 'Registration failed. Please try again.',
} as const;
