// castaways_without: castaways of one season (or all seasons; optionally only winners, finalists or jurors) who
// never did something in that season: received no vote, won no individual immunity or reward, won no challenge
// of any kind (alone or with a tribe), missed the jury or the merge, went to no tribal council, or made the merge
// without going to a tribal council before it
MATCH (s:Season {version: $version})<-[:IN_SEASON]-(ps:PlayerSeason)
WHERE ($season IS NULL OR s.number = $season)
  AND ($group = 'all' OR ($group = 'winners' AND ps.winner = true) OR ($group = 'finalists' AND ps.finalist = true)
       OR ($group = 'jurors' AND ps.jury = true))
WITH s, ps, size([(ps)<-[c:CAST_VOTE]-(:PlayerSeason) | c]) AS votes_received
WITH s, ps, votes_received,
     size([(ps)<-[w:IMMUNITY_WON_BY]-(:Episode) WHERE w.scope = 'individual' | w]) AS immunity_wins
WITH s, ps, votes_received, immunity_wins,
     size([(ps)<-[r:REWARD_WON_BY]-(:Episode) WHERE r.scope = 'individual' | r]) AS reward_wins
WITH s, ps, votes_received, immunity_wins, reward_wins,
     size([(ps)-[m:MEMBER_OF]->(:Tribe) WHERE m.phase = 'merged' | m]) AS merged
WITH s, ps, votes_received, immunity_wins, reward_wins, merged,
     size([(ps)<-[a:IMMUNITY_WON_BY|REWARD_WON_BY]-(:Episode) | a]) AS challenge_wins
WITH s, ps, votes_received, immunity_wins, reward_wins, merged, challenge_wins,
     size([(ps)-[:ATTENDED_TRIBAL]->(tc:TribalCouncil) | tc]) AS tribals
WITH s, ps, votes_received, immunity_wins, reward_wins, merged, challenge_wins, tribals,
     size([(ps)-[:ATTENDED_TRIBAL]->(tc:TribalCouncil) WHERE tc.phase <> 'merged' | tc]) AS pre_merge_tribals
WHERE CASE $without
        WHEN 'votes_received' THEN votes_received = 0
        WHEN 'individual_immunity' THEN immunity_wins = 0
        WHEN 'individual_reward' THEN reward_wins = 0
        WHEN 'jury' THEN coalesce(ps.jury, false) = false AND coalesce(ps.finalist, false) = false
        WHEN 'challenge_win' THEN challenge_wins = 0
        WHEN 'tribal_council' THEN tribals = 0
        WHEN 'pre_merge_tribal' THEN merged > 0 AND pre_merge_tribals = 0
        ELSE merged = 0 END
WITH s, ps, votes_received, immunity_wins, reward_wins
ORDER BY s.number, ps.place DESC, ps.name
WITH collect({season: s.number, player: ps.name, castaway_id: ps.castaway_id, place: ps.place, result: ps.result,
              votes_received: votes_received, immunity_wins: immunity_wins, reward_wins: reward_wins}) AS people
UNWIND people AS person
RETURN person.player AS player, person.season AS season, person.castaway_id AS castaway_id, person.place AS place,
       person.result AS result, person.votes_received AS votes_received, person.immunity_wins AS immunity_wins,
       person.reward_wins AS reward_wins, size(people) AS n_players
LIMIT $limit
