// tribal_council_counts: how many tribal councils there were, under each definition, in one season or all; with a
// castaway_id, only those that person attended
MATCH (s:Season {version: $version})-[:HAS_EPISODE]->(e:Episode)-[:HAS_TRIBAL]->(t:TribalCouncil)
WHERE $season IS NULL OR s.number = $season
WITH s, e, t, [(ps:PlayerSeason)-[:ATTENDED_TRIBAL]->(t) WHERE ps.castaway_id = $castaway_id | ps.id] AS attended
WHERE $castaway_id IS NULL OR size(attended) > 0
RETURN count(t) AS tribal_councils,
       toInteger(sum(CASE WHEN t.n_voters > 0 THEN 1 ELSE 0 END)) AS tribal_councils_with_votes,
       count(DISTINCT e) AS season_episode_pairs,
       count(DISTINCT CASE WHEN t.n_voters > 0 THEN e.id END) AS season_episode_pairs_with_votes,
       toInteger(sum(CASE WHEN t.revote THEN 1 ELSE 0 END)) AS tribal_councils_with_revote,
       count(DISTINCT s) AS seasons,
       'tribal_councils: one per season + episode + boot order (a revote belongs to its tribal); ' +
       'season_episode_pairs: distinct season + episode with a tribal council' AS definition
