import { describe, expect, it } from 'vitest';
import { commandForKey } from './player-keys';

describe('commandForKey', () => {
  it.each([
    ['k', { type: 'togglePlay' }],
    ['K', { type: 'togglePlay' }],
    [' ', { type: 'togglePlay' }],
    ['j', { type: 'seekBy', seconds: -10 }],
    ['l', { type: 'seekBy', seconds: 10 }],
    ['ArrowLeft', { type: 'seekBy', seconds: -5 }],
    ['ArrowRight', { type: 'seekBy', seconds: 5 }],
    ['ArrowUp', { type: 'volumeBy', delta: 0.05 }],
    ['ArrowDown', { type: 'volumeBy', delta: -0.05 }],
    ['m', { type: 'toggleMute' }],
    ['f', { type: 'toggleFullscreen' }],
    ['t', { type: 'toggleTheatre' }],
    ['c', { type: 'toggleCaptions' }],
    ['C', { type: 'toggleCaptions' }],
    ['0', { type: 'seekToFraction', fraction: 0 }],
    ['5', { type: 'seekToFraction', fraction: 0.5 }],
    ['9', { type: 'seekToFraction', fraction: 0.9 }],
    ['<', { type: 'speedStep', direction: -1 }],
    ['>', { type: 'speedStep', direction: 1 }],
    ['Home', { type: 'seekToStart' }],
    ['End', { type: 'seekToEnd' }],
  ])('%j on the page gives %j', (key, command) => {
    expect(commandForKey({ key }, 'other')).toEqual(command);
  });

  it('leaves unrelated keys to the page', () => {
    for (const key of ['a', 'Tab', 'Escape', 'Enter', 'PageDown', ',', '.', 'F5']) {
      expect(commandForKey({ key }, 'other')).toBeNull();
    }
  });

  it('never takes keys typed into a text field', () => {
    for (const key of ['k', ' ', 'ArrowLeft', '5', 'f']) {
      expect(commandForKey({ key }, 'text')).toBeNull();
    }
  });

  it('never takes shortcuts held with Ctrl, Cmd or Alt', () => {
    expect(commandForKey({ key: 'f', ctrlKey: true }, 'other')).toBeNull();
    expect(commandForKey({ key: 'l', metaKey: true }, 'other')).toBeNull();
    expect(commandForKey({ key: 'ArrowLeft', altKey: true }, 'other')).toBeNull();
  });

  it('lets a focused button keep Space and Enter but not the other keys', () => {
    expect(commandForKey({ key: ' ' }, 'button')).toBeNull();
    expect(commandForKey({ key: 'Enter' }, 'button')).toBeNull();
    expect(commandForKey({ key: 'k' }, 'button')).toEqual({ type: 'togglePlay' });
    expect(commandForKey({ key: 'ArrowRight' }, 'button')).toEqual({ type: 'seekBy', seconds: 5 });
  });

  it('lets a focused slider keep its arrows, Home and End', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']) {
      expect(commandForKey({ key }, 'slider')).toBeNull();
    }
    expect(commandForKey({ key: ' ' }, 'slider')).toEqual({ type: 'togglePlay' });
    expect(commandForKey({ key: 'm' }, 'slider')).toEqual({ type: 'toggleMute' });
  });
});
