-- Emails are normalized with NFKC (packages/domain normalizeEmail): full-width 'ＣＬＩＥＮＴ'
-- is 'client'. Rows stored before under the NFC form are brought to the new form where
-- SQL computes it exactly: when the NFKC form is ASCII (lower() of ASCII is the same in
-- every locale and in JavaScript). Where two rows meet on one address, or the address is
-- already taken, the row keeps its text (the oldest one is moved; an admin resolves the
-- rest). Needs a UTF8 database (normalize()); others have nothing to fold and are skipped.
DO $$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    WITH candidates AS (
      SELECT id, lower(normalize(email, NFKC)) AS target,
             row_number() OVER (PARTITION BY lower(normalize(email, NFKC)) ORDER BY created_at, id) AS rank
      FROM users
      WHERE email <> lower(normalize(email, NFKC))
        AND octet_length(normalize(email, NFKC)) = char_length(normalize(email, NFKC))
    )
    UPDATE users SET email = candidates.target, updated_at = now()
    FROM candidates
    WHERE users.id = candidates.id
      AND candidates.rank = 1
      AND NOT EXISTS (SELECT 1 FROM users AS other WHERE other.email = candidates.target);
  END IF;
END $$;
