// season_challenge_winners: who won each immunity or reward challenge of one season, episode by episode;
// optionally one episode, or only the first or the last such challenge of the season; with whom a reward's
// winner took along (chosen)
MATCH (s:Season {version: $version, number: $season})-[:HAS_EPISODE]->(e:Episode)
      -[w:IMMUNITY_WON_BY|REWARD_WON_BY]->(ps:PlayerSeason)
WHERE type(w) = CASE $kind WHEN 'reward' THEN 'REWARD_WON_BY' ELSE 'IMMUNITY_WON_BY' END
  AND ($scope = 'any' OR w.scope = $scope) AND ($episode IS NULL OR e.number = $episode)
WITH e, w, ps
ORDER BY e.number, w.challenge_id, w.tribe, ps.name
WITH collect({episode: e.number, challenge_id: w.challenge_id, challenge_name: w.challenge_name, scope: w.scope,
              tribe: w.tribe, winner: ps.name, castaway_id: ps.castaway_id}) AS wins
WITH wins, [r IN wins | r.challenge_id] AS ids
UNWIND wins AS r
WITH r, ids
WHERE $pick = 'all' OR ($pick = 'first' AND r.challenge_id = ids[0]) OR ($pick = 'last' AND r.challenge_id = ids[-1])
// whom a reward's winner took along (survivoR's chosen_for_reward)
OPTIONAL MATCH (c:Challenge {season: $season, challenge_id: r.challenge_id})<-[k:IN_CHALLENGE]-(x:PlayerSeason)
WHERE k.chosen_for_reward = true AND x.version = $version
WITH r, collect(DISTINCT x.name) AS chosen
RETURN r.episode AS episode, r.challenge_id AS challenge_id, r.challenge_name AS challenge_name, r.scope AS scope,
       r.tribe AS tribe, r.winner AS winner, r.castaway_id AS castaway_id, chosen
ORDER BY episode, challenge_id, tribe, winner
LIMIT $limit
