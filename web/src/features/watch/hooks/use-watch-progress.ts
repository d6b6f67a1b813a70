import { useEffect, useRef, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../auth';
import { useHistoryPaused } from '../../history';
import { watchPositionKeys } from '../../videos';
import { sendWatchProgress, useWatchProgressQuery } from '../api/watch-progress';
import { HEARTBEAT_MS, reportablePosition, resumeTarget } from '../utils/resume';

/**
 * For signed-in viewers: resumes where they stopped, then reports the position every few
 * seconds while playing and on pause, end, leaving the page or leaving the video. That feeds
 * the owner's watch-time analytics and, unless their history is paused, the next resume point
 * and the cards' red bar. Visitors get neither.
 */
export function useWatchProgress(
  ref: RefObject<HTMLVideoElement | null>,
  videoId: string,
  /** False when the link says where to start (`?t=`): an explicit time wins over resuming. */
  resume = true,
): void {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const progress = useWatchProgressQuery(videoId, isAuthenticated);
  const pausedSetting = useHistoryPaused(isAuthenticated).data?.paused;
  // Read by each beat as it is now, without restarting the reporting when it changes.
  const keepsPositions = useRef(false);
  useEffect(() => {
    keepsPositions.current = pausedSetting === false;
  }, [pausedSetting]);
  // Beats wait for the resume decision: an early beat at 0 would overwrite the stored point.
  const resumeSettled = useRef(false);
  const stored = progress.data?.position;
  const settled = progress.isSuccess || progress.isError;

  useEffect(() => {
    const video = ref.current;
    if (!video || !settled || resumeSettled.current) return;
    const apply = () => {
      resumeSettled.current = true;
      if (!resume) return;
      const target = resumeTarget(stored ?? 0, video.duration);
      if (target !== null) video.currentTime = target;
    };
    // Seeking needs the metadata; before it arrives, wait for it.
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) {
      apply();
      return;
    }
    video.addEventListener('loadedmetadata', apply, { once: true });
    return () => video.removeEventListener('loadedmetadata', apply);
  }, [ref, settled, stored, resume]);

  useEffect(() => {
    const video = ref.current;
    if (!video || !isAuthenticated) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let lastSent: number | null = null;

    const beat = () => {
      if (!resumeSettled.current) return;
      const position = reportablePosition(video.currentTime, video.duration);
      // pause and ended fire together at the end; one report of a position is enough.
      if (position === lastSent) return;
      lastSent = position;
      sendWatchProgress(videoId, position);
      // Cards of this video show the new red bar without asking the server again, unless the
      // history is paused (or not known yet): then the server keeps no position, so no bar.
      if (keepsPositions.current)
        queryClient.setQueryData(watchPositionKeys.one(videoId), position);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onPlaying = () => {
      beat();
      stop();
      timer = setInterval(beat, HEARTBEAT_MS);
    };
    const onStopped = () => {
      stop();
      beat();
    };
    const onPageHide = () => {
      if (!video.paused) beat();
    };

    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onStopped);
    video.addEventListener('ended', onStopped);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onStopped);
      video.removeEventListener('ended', onStopped);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the video inside the app (another video, another page) ends the session too.
      if (timer !== undefined) beat();
      stop();
    };
  }, [ref, videoId, isAuthenticated, queryClient]);
}
