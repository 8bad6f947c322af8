// confessionals_by_episode: one person's confessionals episode by episode (0 where they had none), in order:
// "which episode did he get his first confessional in", "her most confessionals in one episode"
MATCH (ps:PlayerSeason {castaway_id: $castaway_id})-[c:CONFESSIONALS_IN]->(e:Episode)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, e.number AS episode,
       e.title AS title, c.count AS confessionals, c.seconds AS seconds
ORDER BY season, episode
