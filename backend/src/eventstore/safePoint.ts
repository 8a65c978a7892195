/**
 * The tail's safe point (docs/design.md §2), as a SQL expression of type xid8: every transaction below it that
 * could ever write `events` has ended in this statement's snapshot, so rows with a smaller
 * transaction id are all visible now and a cursor may pass them.
 *
 * It is the oldest transaction still in progress in the snapshot (pg_snapshot_xip), or the snapshot's
 * xmax when none is. Transactions that are known to belong to ANOTHER database of the same server are
 * left out: they cannot write this database's `events`, yet they would hold pg_snapshot_xmin back for
 * as long as they stay open. Why exclude the others rather than keep this database's own:
 * pg_stat_activity is read after the snapshot was taken, so a transaction of this database may have
 * ended (and its session moved on) in between. Kept as "not known to be elsewhere", it only holds the
 * cursor back until the next read; dropped as "not seen here", the cursor could pass its late commit
 * for ever.
 *
 * - backend_xid is a 32-bit xid; xid8::xid keeps the low 32 bits. Running transactions span less than
 *   2^31 ids (wraparound protection), so the low bits name one of them without ambiguity.
 * - datid and backend_xid of every session are visible to every role (pg_stat_activity restricts other
 *   columns only), and pg_prepared_xacts is readable by all: no extra rights are needed.
 * - A prepared transaction has no session: its database comes from pg_prepared_xacts.
 * - A session that has no xid yet gets one at least the snapshot's xmax: its rows land after the point.
 */
export const SAFE_POINT_SQL = `(
  SELECT coalesce(min(x), pg_snapshot_xmax(pg_current_snapshot()))
    FROM pg_snapshot_xip(pg_current_snapshot()) AS x
   WHERE NOT EXISTS (
           SELECT 1 FROM pg_stat_get_activity(NULL) AS a
            WHERE a.backend_xid = x::xid
              AND a.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))
     AND NOT EXISTS (
           SELECT 1 FROM pg_prepared_xacts AS p
            WHERE p.transaction = x::xid AND p.database <> current_database())
)`;

/**
 * When the oldest transaction holding the safe point back started (SQL, timestamptz or null): a session
 * of this database (its xact_start is shown to its own role and to pg_read_all_stats), or a prepared
 * transaction.
 */
export const BLOCKER_STARTED_SQL = `(
  SELECT coalesce(
    (SELECT min(a.xact_start) FROM pg_stat_get_activity(NULL) AS a WHERE a.backend_xid = sp.point::xid),
    (SELECT min(p.prepared) FROM pg_prepared_xacts AS p WHERE p.transaction = sp.point::xid))
    FROM (SELECT ${SAFE_POINT_SQL} AS point) AS sp
   WHERE sp.point < pg_snapshot_xmax(pg_current_snapshot())
)`;
