// players_in_seasons: the people who played in every one of the listed seasons ("both 36 and 40")
MATCH (p:Player)-[:PLAYED_IN]->(ps:PlayerSeason)
WHERE ps.version = $version AND ps.season IN $seasons
WITH p, ps
ORDER BY ps.season
WITH p, collect(DISTINCT ps.season) AS seasons
WHERE all(n IN $seasons WHERE n IN seasons)
WITH collect({player: p.name, castaway_id: p.castaway_id, seasons: seasons}) AS people
UNWIND people AS person
RETURN person.player AS player, person.castaway_id AS castaway_id, person.seasons AS seasons,
       size(people) AS n_players
ORDER BY player
