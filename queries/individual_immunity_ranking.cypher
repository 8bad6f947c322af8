// individual_immunity_ranking: people ranked by immunity challenge wins (individual by default); per_season counts
// each person's seasons apart ("the record in a single season"); leaders_only keeps those tied for the most
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)<-[w:IMMUNITY_WON_BY]-(e:Episode)
WHERE w.scope = $scope AND ps.version = $version AND ($season IS NULL OR ps.season = $season)
WITH p, ps, CASE WHEN $per_season THEN ps.season ELSE null END AS one_season
ORDER BY ps.season
WITH p, one_season, count(ps) AS wins, collect(DISTINCT ps.season) AS seasons_won_in
WITH p, one_season, wins, seasons_won_in,
     size([(p)-[:PLAYED_IN]->(x:PlayerSeason) WHERE x.version = $version | x]) AS seasons_played
WHERE seasons_played >= $min_seasons
WITH p, one_season, wins, seasons_won_in, seasons_played
ORDER BY wins DESC, p.name, one_season
WITH collect({player: p.name, castaway_id: p.castaway_id, wins: wins, season: one_season,
              seasons_played: seasons_played, seasons_won_in: seasons_won_in}) AS ranked
UNWIND ranked AS r
WITH r, ranked[0].wins AS top
WHERE $leaders_only = false OR r.wins = top
RETURN r.player AS player, r.castaway_id AS castaway_id, r.wins AS wins, r.season AS season,
       r.seasons_played AS seasons_played, r.seasons_won_in AS seasons_won_in
ORDER BY wins DESC, player, season
LIMIT $limit
