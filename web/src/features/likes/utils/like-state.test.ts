import { describe, expect, it } from 'vitest';
import { applyLikeToggle, likeStateFromServer } from './like-state';

const neutral = { isLikedByUser: false, isDislikedByUser: false, likesCount: 3 };

describe('applyLikeToggle', () => {
  it('likes and counts the like', () => {
    expect(applyLikeToggle(neutral, 'like')).toEqual({
      isLikedByUser: true,
      isDislikedByUser: false,
      likesCount: 4,
    });
  });

  it('pressing like again removes it', () => {
    const liked = { isLikedByUser: true, isDislikedByUser: false, likesCount: 4 };
    expect(applyLikeToggle(liked, 'like')).toEqual(neutral);
  });

  it('disliking clears a like and its count', () => {
    const liked = { isLikedByUser: true, isDislikedByUser: false, likesCount: 4 };
    expect(applyLikeToggle(liked, 'dislike')).toEqual({
      isLikedByUser: false,
      isDislikedByUser: true,
      likesCount: 3,
    });
  });

  it('liking clears a dislike', () => {
    const disliked = { isLikedByUser: false, isDislikedByUser: true, likesCount: 3 };
    expect(applyLikeToggle(disliked, 'like')).toEqual({
      isLikedByUser: true,
      isDislikedByUser: false,
      likesCount: 4,
    });
  });

  it('pressing dislike again removes it without touching the count', () => {
    const disliked = { isLikedByUser: false, isDislikedByUser: true, likesCount: 3 };
    expect(applyLikeToggle(disliked, 'dislike')).toEqual(neutral);
  });

  it('never counts below zero', () => {
    const odd = { isLikedByUser: true, isDislikedByUser: false, likesCount: 0 };
    expect(applyLikeToggle(odd, 'like').likesCount).toBe(0);
  });
});

describe('likeStateFromServer', () => {
  it('takes the count from totalLikes', () => {
    expect(
      likeStateFromServer({
        statusCode: 200,
        success: true,
        message: '',
        isLikedByUser: true,
        isDislikedByUser: false,
        totalLikes: 9,
      }),
    ).toEqual({ isLikedByUser: true, isDislikedByUser: false, likesCount: 9 });
  });
});
