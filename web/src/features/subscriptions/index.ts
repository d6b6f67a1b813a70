/** What other features may use of this one; everything else is internal. */
export { SubscribeButton } from './components/subscribe-button';
