// challenges: the challenges of a season (or of every season): name, the recurring challenge each is a version
// of, its kind (immunity, reward, both, duel), what it involved (puzzle, water_swim, balance_beam …) and who won
// it (the winning tribes, and the people on the winning side); optionally one kind and one feature ("puzzle" also
// matches puzzle_slide and puzzle_word)
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)-[:HAS_CHALLENGE]->(c:Challenge)
WHERE ($season IS NULL OR s.number = $season)
  AND ($kind IS NULL OR toLower(coalesce(c.described_type, c.type)) CONTAINS $kind)
  AND ($feature IS NULL OR any(f IN coalesce(c.features, []) WHERE f STARTS WITH $feature))
WITH s, e, c
ORDER BY s.number, e.number, c.challenge_id
LIMIT $limit
OPTIONAL MATCH (c)<-[w:IN_CHALLENGE]-(ps:PlayerSeason)
WHERE w.won = true
WITH s, e, c, collect(DISTINCT w.tribe) AS winning_tribes, collect(ps.name) AS winners
RETURN c.name AS challenge_name, s.number AS season, e.number AS episode, c.challenge_id AS challenge_id,
       c.recurring_name AS recurring_name, c.described_type AS challenge_type, c.features AS features,
       CASE WHEN c.outcome_type STARTS WITH 'Tribal' THEN winning_tribes ELSE [] END AS winning_tribes, winners
ORDER BY season, episode, challenge_id
