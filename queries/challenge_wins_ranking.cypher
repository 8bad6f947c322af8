// challenge_wins_ranking: challenges each person was on the winning side of in a season — tribe, team and
// individual wins (and duels) counted together, with the individual ones apart — most first; optionally one
// season, one person, or only immunity or reward challenges. "Who won the most challenges on Samoa, tribe ones
// included?", "did Rachel or Kyle win more challenges on s47?"
MATCH (ps:PlayerSeason)-[r:IN_CHALLENGE]->(c:Challenge)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id)
  AND ($kind = 'any' OR toLower(c.type) CONTAINS $kind)
WITH ps, count(c) AS challenges, count(CASE WHEN r.won THEN 1 END) AS wins,
     count(CASE WHEN r.won_alone THEN 1 END) AS individual_wins
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, wins, individual_wins,
       wins - individual_wins AS tribe_wins, challenges
ORDER BY wins DESC, season, player
LIMIT $limit
