/** What other features may use of this one; everything else is internal. */
export { CommentsSection } from './components/comments-section';
