// duels: the duels of Redemption Island and the Edge of Extinction (challenge type 'Duel'), per person and
// season: how many they fought and won, whom they faced, and where they finished, most wins first; `arena`
// keeps the seasons that had that tribe
MATCH (s:Season)<-[:IN_SEASON]-(ps:PlayerSeason)-[r:IN_CHALLENGE]->(c:Challenge {type: 'Duel'})
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
WITH ps, c, r, [(s)-[:HAS_TRIBE]->(t:Tribe) | t.phase] AS phases
WHERE $arena IS NULL OR $arena IN phases
WITH ps, c, r ORDER BY c.episode
WITH ps, count(c) AS duels, count(CASE WHEN r.won_duel THEN 1 END) AS wins, collect(c.episode) AS episodes
OPTIONAL MATCH (ps)-[:IN_CHALLENGE]->(:Challenge {type: 'Duel'})<-[:IN_CHALLENGE]-(o:PlayerSeason)
WHERE o.id <> ps.id
WITH ps, duels, wins, episodes, collect(DISTINCT o.name) AS faced
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, duels, wins, duels - wins AS losses,
       faced, episodes, ps.place AS place
ORDER BY wins DESC, duels DESC, season, player
