-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- NotificationRepository.page
select
  "m"."notification_id",
  "m"."kind",
  "m"."created_at",
  case
    when m.created_at <= cast(? as bigint)
    or m.read_at is not null then 1
    when m.kind = 'new_video'
    and exists (
      select
        1
      from
        new_video_reads r
      where
        r.user_id = ?
        and r.video_id = m.notification_id
    ) then 1
    else 0
  end as "is_read",
  "m"."id",
  "m"."card_version",
  "m"."views",
  "m"."comment_id",
  "c"."content" as "comment_content",
  "m"."actor_id",
  "u"."username" as "actor_username",
  "u"."avatar_key" as "actor_avatar_key"
from
  (
    select
      "notification_id",
      "kind",
      "created_at",
      "read_at",
      "id",
      "card_version",
      "views",
      "comment_id",
      "actor_id"
    from
      (
        select
          "p"."video_id" as "notification_id",
          'new_video' as "kind",
          "p"."published_at" as "created_at",
          cast(null as bigint) as "read_at",
          "v"."id",
          "v"."card_version",
          "v"."views",
          cast(null as varchar(24)) as "comment_id",
          v.owner_id as "actor_id"
        from
          "subscriptions" as "s"
          inner join "video_publications" as "p" on "p"."channel_id" = "s"."channel_id"
          and "p"."published_at" >= ?
          and "p"."published_at" >= "s"."created_at"
          inner join "videos" as "v" on "v"."id" = "p"."video_id"
        where
          "s"."subscriber_id" = ?
          and "v"."visibility" = 'public'
          and ? = 1
        order by
          "p"."published_at" desc,
          "p"."video_id" desc
        limit
          ?
      ) as "a"
    union all
    select
      "notification_id",
      "kind",
      "created_at",
      "read_at",
      "id",
      "card_version",
      "views",
      "comment_id",
      "actor_id"
    from
      (
        select
          "n"."id" as "notification_id",
          n.kind as "kind",
          "n"."created_at",
          "n"."read_at",
          "v"."id",
          "v"."card_version",
          "v"."views",
          "n"."comment_id",
          "n"."actor_id"
        from
          "notifications" as "n"
          inner join "videos" as "v" on "v"."id" = "n"."video_id"
          left join "comments" as "hc" on "hc"."id" = "n"."comment_id"
        where
          "n"."user_id" = ?
          and "n"."created_at" >= ?
          and (
            "v"."visibility" <> 'private'
            or "v"."owner_id" = ?
          )
          and (
            n.comment_id is null
            or hc.hidden = 0
          )
          and (
            n.kind = 'comment_reply'
            and ? = 1
            or n.kind = 'video_comment'
            and ? = 1
            or n.kind = 'processing_done'
            and ? = 1
            or n.kind = 'processing_failed'
            and ? = 1
          )
        order by
          "n"."created_at" desc,
          "n"."id" desc
        limit
          ?
      ) as "b"
  ) as "m"
  left join "users" as "u" on "u"."id" = "m"."actor_id"
  left join "comments" as "c" on "c"."id" = "m"."comment_id"
order by
  "m"."created_at" desc,
  "m"."notification_id" desc
limit
  ?
offset
  ?;

-- NotificationRepository.unreadCount
select
  (
    select
      count(*) as "n"
    from
      (
        select
          1 as "one"
        from
          "subscriptions" as "s"
          inner join "video_publications" as "p" on "p"."channel_id" = "s"."channel_id"
          and "p"."published_at" >= ?
          and "p"."published_at" >= "s"."created_at"
          inner join "videos" as "v" on "v"."id" = "p"."video_id"
        where
          "s"."subscriber_id" = ?
          and "v"."visibility" = 'public'
          and ? = 1
          and not exists (
            select
              1 as "one"
            from
              "new_video_reads" as "r"
            where
              "r"."user_id" = ?
              and "r"."video_id" = "p"."video_id"
          )
        limit
          ?
      ) as "a"
  ) as "new_count",
  (
    select
      count(*) as "n"
    from
      (
        select
          1 as "one"
        from
          "notifications" as "n"
          inner join "videos" as "v" on "v"."id" = "n"."video_id"
          left join "comments" as "hc" on "hc"."id" = "n"."comment_id"
        where
          "n"."user_id" = ?
          and "n"."created_at" >= ?
          and (
            "v"."visibility" <> 'private'
            or "v"."owner_id" = ?
          )
          and (
            n.comment_id is null
            or hc.hidden = 0
          )
          and (
            n.kind = 'comment_reply'
            and ? = 1
            or n.kind = 'video_comment'
            and ? = 1
            or n.kind = 'processing_done'
            and ? = 1
            or n.kind = 'processing_failed'
            and ? = 1
          )
          and "n"."read_at" is null
        limit
          ?
      ) as "b"
  ) as "stored_count";

-- NotificationRepository.markRead
begin immediate;

update "notifications"
set
  "read_at" = ?
where
  "user_id" = ?
  and "id" in (?)
  and "read_at" is null;

insert into
  "new_video_reads" ("user_id", "video_id", "read_at")
select
  "s"."subscriber_id" as "user_id",
  "p"."video_id" as "video_id",
  cast(? as bigint) as "read_at"
from
  "video_publications" as "p"
  inner join "subscriptions" as "s" on "s"."channel_id" = "p"."channel_id"
where
  "s"."subscriber_id" = ?
  and "p"."video_id" in (?)
on conflict ("user_id", "video_id") do nothing;

commit;

-- NotificationRepository.prune
delete from "notifications"
where
  "created_at" < ?;

delete from "new_video_reads"
where
  "read_at" < ?;
