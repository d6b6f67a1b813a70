/** What other features may use of this one; everything else is internal. */
export { EmojiButton } from './components/emoji-button';
export { insertAtCaret } from './utils/insert-at-caret';
