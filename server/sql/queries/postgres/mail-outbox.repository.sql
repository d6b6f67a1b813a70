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
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- MailOutboxRepository.claim
update mail_outbox
set
  state = 'sending',
  lease_owner = $1,
  lease_expires_at = $2,
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
        and run_after <= $3
      )
      or (
        state = 'sending'
        and lease_expires_at < $4
      )
    order by
      run_after,
      id
    limit
      1
    for update
      skip locked
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
  "state" = $1,
  "run_after" = $2,
  "lease_owner" = $3,
  "lease_expires_at" = $4,
  "last_error" = $5
where
  "id" = $6
  and "lease_owner" = $7;

-- MailOutboxRepository.delivered
delete from "mail_outbox"
where
  "id" = $1
  and "lease_owner" = $2;

-- MailOutboxRepository.deleteFailedBefore
delete from "mail_outbox"
where
  "state" = $1
  and "created_at" < $2;
