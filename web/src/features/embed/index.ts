/** What other features may use of this one; everything else is internal. */
export { EmbedView } from './components/embed-view';
