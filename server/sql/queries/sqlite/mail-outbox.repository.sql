-- The SQL each method sends, in order, written by `npm run sql` from
-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.

-- MailOutboxRepository.insert
insert into
  "mail_outbox" (
    "id",
    "to_address",
    "subject",
    "text_body",
    "html_body",
    "state",
    "run_after",
    "created_at"
  )
values
  (?, ?, ?, ?, ?, ?, ?, ?);

-- MailOutboxRepository.claim
update mail_outbox
set
  state = 'sending',
  lease_owner = ?,
  lease_expires_at = ?,
  attempts = attempts + 1
where
  id = (
    select
      id
    from
      mail_outbox
    where
      (
        state = 'queued'
        and run_after <= ?
      )
      or (
        state = 'sending'
        and lease_expires_at < ?
      )
    order by
      run_after,
      id
    limit
      1
  )
returning
  id,
  to_address,
  subject,
  text_body,
  html_body,
  attempts;

-- MailOutboxRepository.notDelivered
update "mail_outbox"
set
  "state" = ?,
  "run_after" = ?,
  "lease_owner" = ?,
  "lease_expires_at" = ?,
  "last_error" = ?
where
  "id" = ?
  and "lease_owner" = ?;

-- MailOutboxRepository.delivered
delete from "mail_outbox"
where
  "id" = ?
  and "lease_owner" = ?;

-- MailOutboxRepository.deleteFailedBefore
delete from "mail_outbox"
where
  "state" = ?
  and "created_at" < ?;
