// challenges: the challenges of a season (or of every season): name, the recurring challenge each is a version
// of, its kind (immunity, reward, both, duel) and what it involved (puzzle, water_swim, balance_beam …);
// optionally one kind and one feature ("puzzle" also matches puzzle_slide and puzzle_word)
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)-[:HAS_CHALLENGE]->(c:Challenge)
WHERE ($season IS NULL OR s.number = $season)
  AND ($kind IS NULL OR toLower(coalesce(c.described_type, c.type)) CONTAINS $kind)
  AND ($feature IS NULL OR any(f IN coalesce(c.features, []) WHERE f STARTS WITH $feature))
RETURN c.name AS challenge_name, s.number AS season, e.number AS episode, c.challenge_id AS challenge_id,
       c.recurring_name AS recurring_name, c.described_type AS challenge_type, c.features AS features
ORDER BY season, episode, challenge_id
LIMIT $limit
