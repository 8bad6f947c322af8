// vote_revenge: players who voted against someone who later voted them out in the same season
MATCH (a:PlayerSeason)-[c1:CAST_VOTE]->(b:PlayerSeason)
WHERE a.version = $version AND ($season IS NULL OR a.season = $season)
  AND ($castaway_id IS NULL OR a.castaway_id = $castaway_id OR b.castaway_id = $castaway_id)
MATCH (tc:TribalCouncil)-[:VOTED_OUT]->(a)
MATCH (b)-[c2:CAST_VOTE]->(a)
WHERE c2.tribal_id = tc.id AND coalesce(c2.nullified, false) = false
  AND (c1.episode < c2.episode OR (c1.episode = c2.episode AND c1.order < c2.order))
WITH a, b, tc, min(c1.episode) AS first_vote_episode
ORDER BY a.season, tc.episode, tc.order, a.name, b.name
WITH collect({season: a.season, player: a.name, player_id: a.castaway_id, voter: b.name, voter_id: b.castaway_id,
              first_vote_episode: first_vote_episode, voted_out_episode: tc.episode}) AS pairs
UNWIND pairs AS pair
RETURN pair.season AS season, pair.player AS player, pair.player_id AS player_id, pair.voter AS voted_out_by,
       pair.voter_id AS voted_out_by_id, pair.first_vote_episode AS first_voted_against_in_episode,
       pair.voted_out_episode AS voted_out_in_episode, size(pairs) AS n_pairs
ORDER BY season, voted_out_in_episode, player, voted_out_by
LIMIT $limit
