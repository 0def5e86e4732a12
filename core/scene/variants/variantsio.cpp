#include "core/scene/variants/variantsio.h"

#include "core/json/jsonwriter.h"
#include "core/scene/limits.h"
#include "core/text/messageid.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <sstream>

namespace attnlab::core {

namespace {

using Json = nlohmann::json;

struct VariantsReader {
    const std::string &path;
    std::vector<Problem> &problems;

    std::string at(const std::string &key) const { return path + "." + key; }
    void fail(const std::string &key, Message message) { problems.push_back({at(key), std::move(message)}); }

    bool boolean(const Json &j, const std::string &key, bool &out)
    {
        if (!j.is_boolean()) {
            fail(key, Message(MessageId::ConfigBoolean, j.dump()));
            return false;
        }
        out = j.get<bool>();
        return true;
    }

    // A finite number greater than 0 (a cap, an epsilon).
    bool positive(const Json &j, const std::string &key, Scalar &out)
    {
        const double v = j.is_number() ? j.get<double>() : std::nan("");
        if (!j.is_number() || !std::isfinite(v) || v <= 0 || v > limits::kMaxAbsValue) {
            fail(key, Message(MessageId::MustBeGreaterThanZero, j.dump()));
            return false;
        }
        out = Scalar(v);
        return true;
    }

    bool numbers(const Json &j, const std::string &key, RowVector &out)
    {
        if (!j.is_array()) {
            fail(key, Message(MessageId::ExpectedArrayOfNumbers, j.dump()));
            return false;
        }
        out.resize(Eigen::Index(j.size()));
        for (size_t i = 0; i < j.size(); ++i) {
            const Json &x = j[i];
            if (!x.is_number() || !std::isfinite(x.get<double>()) || std::abs(x.get<double>()) > limits::kMaxAbsValue) {
                problems.push_back({at(key) + "[" + std::to_string(i) + "]", Message(MessageId::MustBeFinite)});
                return false;
            }
            out[Eigen::Index(i)] = Scalar(x.get<double>());
        }
        return true;
    }
};

} // namespace

void readVariants(const Json &value, const std::string &path, AttentionVariants &v, std::vector<Problem> &problems)
{
    VariantsReader rd {path, problems};
    if (!value.is_object()) {
        problems.push_back({path, Message(MessageId::ExpectedVariantsObject, value.dump())});
        return;
    }
    for (auto it = value.begin(); it != value.end(); ++it) {
        const std::string &key = it.key();
        const Json &j = it.value();
        if (key == "qk_norm")
            rd.boolean(j, key, v.qkNorm);
        else if (key == "q_norm_weight")
            rd.numbers(j, key, v.qNormWeight);
        else if (key == "k_norm_weight")
            rd.numbers(j, key, v.kNormWeight);
        else if (key == "qk_norm_epsilon")
            rd.positive(j, key, v.qkNormEpsilon);
        else if (key == "soft_cap")
            rd.positive(j, key, v.softCap);
        else if (key == "sliding_window") {
            if (!j.is_number_integer() || j.get<long long>() < 1 || j.get<long long>() > limits::kMaxTokens)
                rd.fail(key, Message(MessageId::MustBeAtLeast, 1));
            else
                v.slidingWindow = int(j.get<long long>());
        } else if (key == "first_token_sink")
            rd.boolean(j, key, v.firstTokenSink);
        else if (key == "sink_logit")
            rd.boolean(j, key, v.sinkLogit);
        else if (key == "sink_logits")
            rd.numbers(j, key, v.sinkLogits);
        else
            rd.fail(key, Message(MessageId::UnknownKey));
    }
}

std::string writeVariants(const AttentionVariants &v)
{
    if (!v.isActive() && !v.firstTokenSink)
        return {};
    std::vector<std::string> members;
    if (v.qkNorm) {
        members.push_back("\"qk_norm\": true");
        if (v.qNormWeight.size() > 0)
            members.push_back("\"q_norm_weight\": " + json::row(v.qNormWeight));
        if (v.kNormWeight.size() > 0)
            members.push_back("\"k_norm_weight\": " + json::row(v.kNormWeight));
        if (double(v.qkNormEpsilon) != double(Scalar(kDefaultQkNormEpsilon)))
            members.push_back("\"qk_norm_epsilon\": " + json::number(v.qkNormEpsilon));
    }
    if (v.softCap > 0)
        members.push_back("\"soft_cap\": " + json::number(v.softCap));
    if (v.slidingWindow > 0)
        members.push_back("\"sliding_window\": " + std::to_string(v.slidingWindow));
    if (v.firstTokenSink)
        members.push_back("\"first_token_sink\": true");
    if (v.sinkLogit) {
        members.push_back("\"sink_logit\": true");
        if (v.sinkLogits.size() > 0)
            members.push_back("\"sink_logits\": " + json::row(v.sinkLogits));
    }
    std::ostringstream o;
    o << "  \"variants\": {";
    for (size_t i = 0; i < members.size(); ++i)
        o << (i ? ", " : "") << members[i];
    o << "},\n";
    return o.str();
}

} // namespace attnlab::core
