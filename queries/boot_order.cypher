// boot_order: the order in which a season's castaways left the game, first boot first, winner last; optionally
// one position (the 3rd out; from_end: counted back from the last person out before the final), or the person
// out right after / right before someone
MATCH (s:Season {version: $version, number: $season})<-[:IN_SEASON]-(x:PlayerSeason)
WITH s, max(CASE WHEN coalesce(x.finalist, false) THEN NULL ELSE x.boot_order END) AS last_out
MATCH (s)<-[:IN_SEASON]-(ps:PlayerSeason)
OPTIONAL MATCH (s)<-[:IN_SEASON]-(anchor:PlayerSeason)
WHERE anchor.castaway_id = $after OR anchor.castaway_id = $before
WITH last_out, ps, anchor
WHERE ($position IS NULL OR ps.boot_order = CASE WHEN $from_end THEN last_out - $position + 1 ELSE $position END)
  AND ($after IS NULL OR ps.boot_order = anchor.boot_order + 1)
  AND ($before IS NULL OR ps.boot_order = anchor.boot_order - 1)
RETURN ps.boot_order AS boot_order, ps.place AS place, ps.name AS player, ps.castaway_id AS castaway_id,
       ps.result AS result, ps.exit_type AS exit_type, ps.exit_episode AS episode, ps.exit_day AS day
ORDER BY place DESC, player
