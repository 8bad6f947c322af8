// confessionals_by_episode: one person's (or a season's castaways') confessionals episode by episode (0 where they
// had none), in order: "which episode did he get his first confessional in", "who had none in the premiere"
MATCH (ps:PlayerSeason)-[c:CONFESSIONALS_IN]->(e:Episode)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
  AND ($episode IS NULL OR e.number = $episode)
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, e.number AS episode,
       e.title AS title, c.count AS confessionals, c.seconds AS seconds
ORDER BY season, episode
