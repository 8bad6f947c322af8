// arena_stays: everyone sent to Redemption Island or the Edge of Extinction, per season: the episode they
// arrived and last were there, whether they won their way back into the game (a game tribe after their arrival),
// and where they finished
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(ps:PlayerSeason)-[a:MEMBER_OF]->(t:Tribe)
WHERE t.phase IN ['redemption_island', 'edge_of_extinction'] AND ($season IS NULL OR s.number = $season)
  AND ($arena IS NULL OR t.phase = $arena)
WITH s, ps, t.phase AS arena, min(a.first_episode) AS arrived, max(a.last_episode) AS last_there
OPTIONAL MATCH (ps)-[g:MEMBER_OF]->(back:Tribe)
WHERE NOT back.phase IN ['redemption_island', 'edge_of_extinction'] AND g.last_episode > arrived
WITH s, ps, arena, arrived, last_there, count(back) > 0 AS returned
RETURN ps.name AS player, ps.castaway_id AS castaway_id, s.number AS season, arena, arrived AS arrived_episode,
       last_there AS last_episode_there, returned, ps.place AS place
ORDER BY season, arrived_episode, player
