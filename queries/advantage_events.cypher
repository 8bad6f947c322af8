// advantage_events: who did what with an idol or advantage, event by event, in one season or every season:
// found, received, played, voted out holding it, expired, left the game with it; optionally one kind of event
// (found also matches "found (beware)") and one type of advantage; for_others keeps the plays for someone else.
// success says how a play came out ("Yes", "No", "Not needed"); clue how it was found ("Found without clue" …)
MATCH (s:Season {version: $version})-[:HAS_ADVANTAGE]->(a:Advantage)
WHERE ($season IS NULL OR s.number = $season)
  AND ($advantage_type IS NULL OR toLower(a.type) CONTAINS toLower($advantage_type))
MATCH (ps:PlayerSeason)-[r]->(a)
WHERE r.event IS NOT NULL AND ($event IS NULL OR r.event STARTS WITH $event)
  AND ($for_others IS NULL OR (r.played_for_id IS NOT NULL AND r.played_for_id <> ps.castaway_id) = $for_others)
RETURN ps.name AS player, ps.castaway_id AS castaway_id, s.number AS season, r.episode AS episode, r.day AS day,
       a.type AS advantage_type, a.id AS advantage_id, r.event AS event, r.played_for AS played_for,
       r.success AS success, r.votes_nullified AS votes_nullified, r.played_for_id AS played_for_id,
       a.clue_details AS clue
ORDER BY season, episode, r.sequence, player
LIMIT $limit
