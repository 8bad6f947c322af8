// player_advantages: one person's idols and advantages: found, received, played and other events, per season, with
// the advantage's conditions (when it could be played, until when it was valid)
MATCH (p:Player {castaway_id: $castaway_id})-[:PLAYED_IN]->(ps:PlayerSeason)-[r]->(a:Advantage)
WHERE $season IS NULL OR ps.season = $season
RETURN ps.season AS season, r.episode AS episode, r.day AS day, a.type AS advantage_type, a.id AS advantage_id,
       r.event AS event, r.played_for AS played_for, r.success AS success, r.votes_nullified AS votes_nullified,
       a.conditions AS conditions, r.played_for_id AS played_for_id
ORDER BY season, episode, r.sequence
