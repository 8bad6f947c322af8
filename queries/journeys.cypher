// journeys: who went on each journey (seasons 41 on), in episode order, with what they came back with, whether
// they lost their vote, and who went with them; optionally one season or one person's journeys
MATCH (ps:PlayerSeason)-[w:WENT_ON_JOURNEY]->(j:Journey)
WHERE ps.version = $version AND ($season IS NULL OR j.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
OPTIONAL MATCH (o:PlayerSeason)-[:WENT_ON_JOURNEY]->(j)
WHERE o.id <> ps.id
WITH ps, w, j, collect(o.name) AS went_with
RETURN j.season AS season, j.episode AS episode, ps.name AS player, ps.castaway_id AS castaway_id,
       w.reward AS reward, w.lost_vote AS lost_vote, w.chose_to_play AS chose_to_play, j.game_played AS game,
       went_with
ORDER BY season, episode, player
