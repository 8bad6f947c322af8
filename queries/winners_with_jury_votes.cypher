// winners_with_jury_votes: every season's winner with the number of jury votes they received, their age and how
// many seasons they had played before; optionally only unanimous (or split) wins, ordered by season or by the
// fewest / most jury votes
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(w:PlayerSeason {winner: true})
WHERE $seasons IS NULL OR s.number IN $seasons
OPTIONAL MATCH (j:PlayerSeason)-[v:JURY_VOTE_FOR]->(w)
WITH s, w, count(v) AS jury_votes
WHERE $unanimous IS NULL OR (jury_votes = s.n_jury) = $unanimous
WITH s, w, jury_votes
// the seasons they had played before the one they won (a pattern comprehension in a WITH of its own: FalkorDB)
WITH s, w, jury_votes, size([(w)<-[:PLAYED_IN]-(:Player)-[:PLAYED_IN]->(x:PlayerSeason)
                             WHERE x.version = s.version AND x.season < s.number | x]) AS seasons_before
WITH s, w, jury_votes, seasons_before
ORDER BY CASE $order WHEN 'fewest' THEN jury_votes WHEN 'most' THEN -jury_votes ELSE 0 END, s.number
WITH collect({season: s.number, season_name: s.name, winner: w.name, castaway_id: w.castaway_id,
              jury_votes: jury_votes, jury_size: s.n_jury, final_vote: s.final_vote, age: w.age,
              seasons_before: seasons_before}) AS wins
UNWIND wins AS r
RETURN r.season AS season, r.season_name AS season_name, r.winner AS winner, r.castaway_id AS castaway_id,
       r.jury_votes AS jury_votes, r.jury_size AS jury_size, r.final_vote AS final_vote, size(wins) AS n_seasons,
       r.age AS age, r.seasons_before AS seasons_before
ORDER BY CASE $order WHEN 'fewest' THEN jury_votes WHEN 'most' THEN -jury_votes ELSE 0 END, season
