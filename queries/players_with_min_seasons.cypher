// players_with_min_seasons: people (by castaway_id, not by name) who played at least N seasons (and at most M,
// when given: min = max = 2 is "exactly two seasons")
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)
WHERE ps.version = $version
WITH p, ps
ORDER BY ps.season
WITH p, count(ps) AS seasons_played, collect(ps.season) AS seasons
WHERE seasons_played >= $min_seasons AND ($max_seasons IS NULL OR seasons_played <= $max_seasons)
WITH collect({player: p.name, castaway_id: p.castaway_id, seasons_played: seasons_played, seasons: seasons}) AS people
UNWIND people AS person
RETURN person.player AS player, person.castaway_id AS castaway_id, person.seasons_played AS seasons_played,
       person.seasons AS seasons, size(people) AS n_players
ORDER BY seasons_played DESC, player
LIMIT $limit
