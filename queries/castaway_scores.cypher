// castaway_scores: survivoR's castaway scores per person and season (0-1, higher is better: overall, outwit,
// outplay, outlast) and its two threat ratings (challenge and strategic: a number, and the band it falls in, from
// "Top 1%" to "Bottom 1%"), with where each finished; optionally one season or one person; best overall first
MATCH (ps:PlayerSeason)
WHERE ps.version = $version AND ($season IS NULL OR ps.season = $season)
  AND ($castaway_id IS NULL OR ps.castaway_id = $castaway_id) AND ps.score_overall IS NOT NULL
RETURN ps.name AS player, ps.castaway_id AS castaway_id, ps.season AS season, ps.place AS place,
       ps.winner AS winner, ps.score_overall AS score_overall, ps.score_outwit AS score_outwit,
       ps.score_outplay AS score_outplay, ps.score_outlast AS score_outlast, ps.challenge_threat AS challenge_threat,
       ps.challenge_threat_band AS challenge_threat_band, ps.strategic_threat AS strategic_threat,
       ps.strategic_threat_band AS strategic_threat_band
ORDER BY score_overall DESC, season, player
LIMIT $limit
