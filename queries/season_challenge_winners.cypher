// season_challenge_winners: who won each immunity or reward challenge of one season, episode by episode
MATCH (s:Season {version: $version, number: $season})-[:HAS_EPISODE]->(e:Episode)
      -[w:IMMUNITY_WON_BY|REWARD_WON_BY]->(ps:PlayerSeason)
WHERE type(w) = CASE $kind WHEN 'reward' THEN 'REWARD_WON_BY' ELSE 'IMMUNITY_WON_BY' END
  AND ($scope = 'any' OR w.scope = $scope)
RETURN e.number AS episode, w.challenge_id AS challenge_id, w.challenge_name AS challenge_name,
       w.scope AS scope, w.tribe AS tribe, ps.name AS winner, ps.castaway_id AS castaway_id
ORDER BY episode, challenge_id, tribe, winner
LIMIT $limit
