// The JNI bridge behind the Java package org.ember (java/src/org/ember), over the public C++ API (io/ember.h).
// Every entry point catches everything: a failed Status becomes org.ember.EmberException with the native
// message, a C++ exception becomes EmberException("Internal") or OutOfMemoryError, so nothing crosses into the
// JVM as a crash. The Java classes check nulls, closed objects and shape/length agreement before calling here;
// this side checks again what it relies on.
#include <jni.h>

#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "io/ember.h"

namespace {

using ember::DataType;
using ember::DDim;
using ember::Status;
using ember::Tensor;

// A Java Model's native handle: the shared model (Predictors hold their own reference).
struct ModelHandle {
  std::shared_ptr<const ember::Model> model;
};

// Classes looked up once in JNI_OnLoad (global references: JNI local ones die with the call).
jclass g_ember_exception = nullptr;  // org.ember.EmberException
jclass g_tensor = nullptr;           // org.ember.Tensor
jclass g_string = nullptr;           // java.lang.String
jmethodID g_exception_init = nullptr;
jmethodID g_tensor_init = nullptr;

jstring ToJava(JNIEnv* env, const std::string& s);

void ThrowStatus(JNIEnv* env, const Status& s) {
  if (env->ExceptionCheck()) return;  // a Java exception is already pending: keep it
  jstring code = env->NewStringUTF(ember::StatusCodeName(s.code()));  // ASCII
  jstring message = code ? ToJava(env, s.message()) : nullptr;
  if (!message) return;  // OutOfMemoryError pending
  auto e = static_cast<jthrowable>(env->NewObject(g_ember_exception, g_exception_init, code, message));
  if (e) env->Throw(e);
}

void ThrowJava(JNIEnv* env, const char* cls, const char* message) {
  if (env->ExceptionCheck()) return;
  jclass c = env->FindClass(cls);
  if (c) env->ThrowNew(c, message);
}

// Runs `fn` (returning Status) and turns a failure or any C++ exception into a pending Java exception.
template <typename Fn>
void Guarded(JNIEnv* env, Fn&& fn) {
  try {
    Status s = fn();
    if (!s.ok()) ThrowStatus(env, s);
  } catch (const std::bad_alloc&) {
    ThrowJava(env, "java/lang/OutOfMemoryError", "Ember: native allocation failed");
  } catch (const std::exception& e) {
    ThrowStatus(env, Status(ember::StatusCode::kInternal, std::string("unexpected native error: ") + e.what()));
  } catch (...) {
    ThrowStatus(env, Status(ember::StatusCode::kInternal, "unexpected native error"));
  }
}

// Java strings cross as UTF-16 (NewString / GetStringRegion), not JNI's "modified UTF-8": a model's names are
// arbitrary bytes, and an invalid sequence handed to NewStringUTF aborts the app under Android's CheckJNI.
// Invalid UTF-8 becomes U+FFFD.
jstring ToJava(JNIEnv* env, const std::string& s) {
  std::u16string u;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1f) : n == 3 ? (c & 0x0f) : (c & 0x07);
    bool ok = n > 0 && i + static_cast<size_t>(n) <= s.size();
    for (int k = 1; ok && k < n; ++k) {
      const unsigned char d = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
      ok = (d >> 6) == 2;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (!ok || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      u.push_back(0xfffd);
      ++i;
      continue;
    }
    if (cp >= 0x10000) {
      u.push_back(static_cast<char16_t>(0xd800 + ((cp - 0x10000) >> 10)));
      u.push_back(static_cast<char16_t>(0xdc00 + ((cp - 0x10000) & 0x3ff)));
    } else {
      u.push_back(static_cast<char16_t>(cp));
    }
    i += static_cast<size_t>(n);
  }
  return env->NewString(reinterpret_cast<const jchar*>(u.data()), static_cast<jsize>(u.size()));
}

// A Java string as UTF-8 (false when it is null: NullPointerException pending). Unpaired surrogates become U+FFFD.
bool ToString(JNIEnv* env, jstring s, std::string* out) {
  if (!s) {
    ThrowJava(env, "java/lang/NullPointerException", "Ember: a string argument is null");
    return false;
  }
  std::u16string u(static_cast<size_t>(env->GetStringLength(s)), u'\0');
  env->GetStringRegion(s, 0, static_cast<jsize>(u.size()), reinterpret_cast<jchar*>(&u[0]));
  out->clear();
  for (size_t i = 0; i < u.size(); ++i) {
    uint32_t cp = u[i];
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < u.size() && u[i + 1] >= 0xdc00 && u[i + 1] <= 0xdfff)
      cp = 0x10000 + ((cp - 0xd800) << 10) + (u[++i] - 0xdc00);
    else if (cp >= 0xd800 && cp <= 0xdfff)
      cp = 0xfffd;
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xc0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xe0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else {
      out->push_back(static_cast<char>(0xf0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    }
  }
  return true;
}

jobjectArray ToStringArray(JNIEnv* env, const std::vector<std::string>& v) {
  jobjectArray a = env->NewObjectArray(static_cast<jsize>(v.size()), g_string, nullptr);
  for (size_t i = 0; a && i < v.size(); ++i) {
    jstring s = ToJava(env, v[i]);
    if (!s) return nullptr;
    env->SetObjectArrayElement(a, static_cast<jsize>(i), s);
    env->DeleteLocalRef(s);
  }
  return a;
}

// The shape array as dims, checked: rank at most 8, no negative dim, numel equal to `elements`.
Status ToDims(JNIEnv* env, jlongArray shape, int64_t elements, DDim* out) {
  if (!shape) return Status(ember::StatusCode::kInvalidArgument, "shape is null");
  jsize rank = env->GetArrayLength(shape);
  if (rank > 8) return Status(ember::StatusCode::kInvalidArgument, "shape has rank " + std::to_string(rank) + " (at most 8)");
  std::vector<int64_t> dims(static_cast<size_t>(rank));
  env->GetLongArrayRegion(shape, 0, rank, reinterpret_cast<jlong*>(dims.data()));
  *out = DDim(dims);
  int64_t n = out->numel();
  if (n < 0 || n != elements)
    return Status(ember::StatusCode::kInvalidArgument, "shape " + out->ToString() + " holds " + std::to_string(n) +
                                                           " elements but the data has " + std::to_string(elements));
  return Status::OK();
}

ember::Predictor* AsPredictor(jlong h) { return reinterpret_cast<ember::Predictor*>(h); }
ModelHandle* AsModel(jlong h) { return reinterpret_cast<ModelHandle*>(h); }

// Sets a float32/int64/int32 input from a primitive Java array: the array is read in place (critical
// section; Predictor::SetInput copies it, calling no JNI function meanwhile).
Status SetFromArray(JNIEnv* env, jlong h, jstring jname, jarray data, jlongArray shape, DataType dtype) {
  std::string name;
  if (!ToString(env, jname, &name)) return Status::OK();
  if (!data) return Status(ember::StatusCode::kInvalidArgument, "input '" + name + "': data is null");
  DDim dims;
  Status s = ToDims(env, shape, env->GetArrayLength(data), &dims);
  if (!s.ok()) return Status(s.code(), "input '" + name + "': " + s.message());
  // Released on every way out, an exception included, before any other JNI call.
  struct Critical {
    JNIEnv* env;
    jarray array;
    void* p;
    ~Critical() {
      if (p) env->ReleasePrimitiveArrayCritical(array, p, JNI_ABORT);
    }
  } c{env, data, env->GetPrimitiveArrayCritical(data, nullptr)};
  if (!c.p) return Status::OK();  // OutOfMemoryError pending
  return AsPredictor(h)->SetInput(name, Tensor::FromExternal(c.p, dtype, dims));
}

// A run's output copied into a new org.ember.Tensor.
Status MakeTensor(JNIEnv* env, const std::string& name, const Tensor& t, jobject* out) {
  const std::vector<int64_t>& dims = t.dims().vec();
  jlongArray shape = env->NewLongArray(static_cast<jsize>(dims.size()));
  if (!shape) return Status::OK();
  env->SetLongArrayRegion(shape, 0, static_cast<jsize>(dims.size()), reinterpret_cast<const jlong*>(dims.data()));
  const int64_t n = t.numel();
  if (n < 0 || n > INT32_MAX) return Status(ember::StatusCode::kInvalidArgument, "output '" + name + "' is too large for a Java array");
  const jsize len = static_cast<jsize>(n);
  jarray floats = nullptr, longs = nullptr, ints = nullptr;
  switch (t.dtype()) {
    case DataType::kFloat32:
      if ((floats = env->NewFloatArray(len))) env->SetFloatArrayRegion(static_cast<jfloatArray>(floats), 0, len, t.data<float>());
      break;
    case DataType::kInt64:
      if ((longs = env->NewLongArray(len)))
        env->SetLongArrayRegion(static_cast<jlongArray>(longs), 0, len, reinterpret_cast<const jlong*>(t.data<int64_t>()));
      break;
    case DataType::kInt32:
      if ((ints = env->NewIntArray(len))) env->SetIntArrayRegion(static_cast<jintArray>(ints), 0, len, t.data<int32_t>());
      break;
    default:
      return Status(ember::StatusCode::kUnimplemented, "output '" + name + "' has type " +
                                                           ember::DataTypeName(t.dtype()) + ", which Java cannot read yet");
  }
  if (env->ExceptionCheck()) return Status::OK();
  jstring jname = ToJava(env, name);
  if (!jname) return Status::OK();
  *out = env->NewObject(g_tensor, g_tensor_init, jname, shape, floats, longs, ints);
  return Status::OK();
}

}  // namespace

extern "C" {

JNIEXPORT jint JNI_OnLoad(JavaVM* vm, void*) {
  JNIEnv* env = nullptr;
  if (vm->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_1_6) != JNI_OK) return JNI_ERR;
  auto global = [env](const char* name) {
    jclass c = env->FindClass(name);
    return c ? static_cast<jclass>(env->NewGlobalRef(c)) : nullptr;
  };
  // Each lookup only after the one before succeeded (no JNI call with an exception pending).
  if (!(g_ember_exception = global("org/ember/EmberException")) || !(g_tensor = global("org/ember/Tensor")) ||
      !(g_string = global("java/lang/String")))
    return JNI_ERR;
  g_exception_init = env->GetMethodID(g_ember_exception, "<init>", "(Ljava/lang/String;Ljava/lang/String;)V");
  g_tensor_init = env->GetMethodID(g_tensor, "<init>", "(Ljava/lang/String;[J[F[J[I)V");
  if (!g_exception_init || !g_tensor_init) return JNI_ERR;
  return JNI_VERSION_1_6;
}

// ---- org.ember.Model ----

JNIEXPORT jlong JNICALL Java_org_ember_Model_nativeLoad(JNIEnv* env, jclass, jstring jpath, jstring jparams) {
  jlong handle = 0;
  Guarded(env, [&]() -> Status {
    std::string path, params;
    if (!ToString(env, jpath, &path)) return Status::OK();
    if (jparams && !ToString(env, jparams, &params)) return Status::OK();
    ember::ModelOptions options;
    options.params_file = params;
    std::unique_ptr<ModelHandle> m(new ModelHandle());
    EMBER_RETURN_IF_ERROR(ember::Model::Load(path, options, &m->model));
    handle = reinterpret_cast<jlong>(m.release());
    return Status::OK();
  });
  return handle;
}

// From Java byte arrays (both copied) or direct ByteBuffers (the params used in place: the Java Model keeps
// the buffer reachable for as long as the native model lives).
JNIEXPORT jlong JNICALL Java_org_ember_Model_nativeLoadMemory(JNIEnv* env, jclass, jobject model, jobject params,
                                                             jboolean direct) {
  jlong handle = 0;
  Guarded(env, [&]() -> Status {
    if (!model) return Status(ember::StatusCode::kInvalidArgument, "model data is null");
    std::vector<jbyte> model_bytes, params_bytes;
    const void* mp = nullptr;
    const void* pp = nullptr;
    size_t msize = 0, psize = 0;
    ember::ModelOptions options;
    if (direct) {
      mp = env->GetDirectBufferAddress(model);
      msize = static_cast<size_t>(env->GetDirectBufferCapacity(model));
      if (params) {
        pp = env->GetDirectBufferAddress(params);
        psize = static_cast<size_t>(env->GetDirectBufferCapacity(params));
      }
      if (!mp || (params && !pp)) return Status(ember::StatusCode::kInvalidArgument, "a ByteBuffer is not direct");
      options.use_caller_memory = true;
    } else {
      auto copy = [env](jobject array, std::vector<jbyte>* v) {
        auto a = static_cast<jbyteArray>(array);
        v->resize(static_cast<size_t>(env->GetArrayLength(a)));
        env->GetByteArrayRegion(a, 0, static_cast<jsize>(v->size()), v->data());
      };
      copy(model, &model_bytes);
      mp = model_bytes.data(), msize = model_bytes.size();
      if (params) {
        copy(params, &params_bytes);
        pp = params_bytes.data(), psize = params_bytes.size();
      }
    }
    if (msize == 0) return Status(ember::StatusCode::kInvalidArgument, "model data is empty");
    std::unique_ptr<ModelHandle> m(new ModelHandle());
    EMBER_RETURN_IF_ERROR(ember::Model::LoadFromMemory(mp, msize, pp, psize, options, &m->model));
    handle = reinterpret_cast<jlong>(m.release());
    return Status::OK();
  });
  return handle;
}

JNIEXPORT void JNICALL Java_org_ember_Model_nativeFree(JNIEnv*, jclass, jlong h) { delete AsModel(h); }

JNIEXPORT jobjectArray JNICALL Java_org_ember_Model_nativeNames(JNIEnv* env, jclass, jlong h, jboolean inputs) {
  jobjectArray out = nullptr;
  Guarded(env, [&]() -> Status {
    const ember::Model& m = *AsModel(h)->model;
    out = ToStringArray(env, inputs ? m.FeedNames() : m.FetchNames());
    return Status::OK();
  });
  return out;
}

// ---- org.ember.Predictor ----

JNIEXPORT jlong JNICALL Java_org_ember_Predictor_nativeCreate(JNIEnv* env, jclass, jlong model, jint threads,
                                                             jboolean light_mode) {
  jlong handle = 0;
  Guarded(env, [&]() -> Status {
    if (threads < 1) return Status(ember::StatusCode::kInvalidArgument, "threads must be at least 1, not " + std::to_string(threads));
    ember::PredictorOptions options;
    options.threads = threads;
    options.light_mode = light_mode;
    std::unique_ptr<ember::Predictor> p;
    EMBER_RETURN_IF_ERROR(ember::Predictor::Create(AsModel(model)->model, options, &p));
    handle = reinterpret_cast<jlong>(p.release());
    return Status::OK();
  });
  return handle;
}

JNIEXPORT void JNICALL Java_org_ember_Predictor_nativeFree(JNIEnv*, jclass, jlong h) { delete AsPredictor(h); }

JNIEXPORT void JNICALL Java_org_ember_Predictor_nativeSetFloats(JNIEnv* env, jclass, jlong h, jstring name,
                                                               jfloatArray data, jlongArray shape) {
  Guarded(env, [&] { return SetFromArray(env, h, name, data, shape, DataType::kFloat32); });
}

JNIEXPORT void JNICALL Java_org_ember_Predictor_nativeSetLongs(JNIEnv* env, jclass, jlong h, jstring name,
                                                              jlongArray data, jlongArray shape) {
  Guarded(env, [&] { return SetFromArray(env, h, name, data, shape, DataType::kInt64); });
}

JNIEXPORT void JNICALL Java_org_ember_Predictor_nativeSetInts(JNIEnv* env, jclass, jlong h, jstring name,
                                                             jintArray data, jlongArray shape) {
  Guarded(env, [&] { return SetFromArray(env, h, name, data, shape, DataType::kInt32); });
}

// A direct FloatBuffer's elements from `position` on, read in place.
JNIEXPORT void JNICALL Java_org_ember_Predictor_nativeSetFloatBuffer(JNIEnv* env, jclass, jlong h, jstring jname,
                                                                    jobject buffer, jint position, jint count,
                                                                    jlongArray shape) {
  Guarded(env, [&]() -> Status {
    std::string name;
    if (!ToString(env, jname, &name)) return Status::OK();
    auto* base = static_cast<float*>(env->GetDirectBufferAddress(buffer));
    if (!base) return Status(ember::StatusCode::kInvalidArgument, "input '" + name + "': the FloatBuffer is not direct");
    if (position < 0 || count < 0 || static_cast<int64_t>(position) + count > env->GetDirectBufferCapacity(buffer))
      return Status(ember::StatusCode::kInvalidArgument, "input '" + name + "': buffer range out of bounds");
    DDim dims;
    Status s = ToDims(env, shape, count, &dims);
    if (!s.ok()) return Status(s.code(), "input '" + name + "': " + s.message());
    return AsPredictor(h)->SetInput(name, Tensor::FromExternal(base + position, DataType::kFloat32, dims));
  });
}

JNIEXPORT void JNICALL Java_org_ember_Predictor_nativeRun(JNIEnv* env, jclass, jlong h) {
  Guarded(env, [&] { return AsPredictor(h)->Run(); });
}

JNIEXPORT jobject JNICALL Java_org_ember_Predictor_nativeGetOutput(JNIEnv* env, jclass, jlong h, jstring jname) {
  jobject out = nullptr;
  Guarded(env, [&]() -> Status {
    std::string name;
    if (!ToString(env, jname, &name)) return Status::OK();
    const Tensor* t = nullptr;
    EMBER_RETURN_IF_ERROR(AsPredictor(h)->GetOutput(name, &t));
    return MakeTensor(env, name, *t, &out);
  });
  return out;
}

// A float32 output copied into a direct FloatBuffer from `position` on; returns its shape.
JNIEXPORT jlongArray JNICALL Java_org_ember_Predictor_nativeCopyOutput(JNIEnv* env, jclass, jlong h, jstring jname,
                                                                      jobject buffer, jint position, jint remaining) {
  jlongArray shape = nullptr;
  Guarded(env, [&]() -> Status {
    std::string name;
    if (!ToString(env, jname, &name)) return Status::OK();
    auto* base = static_cast<float*>(env->GetDirectBufferAddress(buffer));
    if (!base) return Status(ember::StatusCode::kInvalidArgument, "output '" + name + "': the FloatBuffer is not direct");
    const Tensor* t = nullptr;
    EMBER_RETURN_IF_ERROR(AsPredictor(h)->GetOutput(name, &t));
    if (t->dtype() != DataType::kFloat32)
      return Status(ember::StatusCode::kInvalidArgument, "output '" + name + "' is " + ember::DataTypeName(t->dtype()) + ", not float32");
    const int64_t n = t->numel();
    if (position < 0 || remaining < 0 || position + static_cast<int64_t>(remaining) > env->GetDirectBufferCapacity(buffer))
      return Status(ember::StatusCode::kInvalidArgument, "output '" + name + "': buffer range out of bounds");
    if (n > remaining)
      return Status(ember::StatusCode::kInvalidArgument, "output '" + name + "' has " + std::to_string(n) +
                                                             " elements, more than the FloatBuffer's " +
                                                             std::to_string(remaining) + " remaining");
    if (n > 0) std::memcpy(base + position, t->data<float>(), static_cast<size_t>(n) * sizeof(float));
    const std::vector<int64_t>& dims = t->dims().vec();
    shape = env->NewLongArray(static_cast<jsize>(dims.size()));
    if (shape) env->SetLongArrayRegion(shape, 0, static_cast<jsize>(dims.size()), reinterpret_cast<const jlong*>(dims.data()));
    return Status::OK();
  });
  return shape;
}

JNIEXPORT jobjectArray JNICALL Java_org_ember_Predictor_nativeNames(JNIEnv* env, jclass, jlong h, jboolean inputs) {
  jobjectArray out = nullptr;
  Guarded(env, [&]() -> Status {
    out = ToStringArray(env, inputs ? AsPredictor(h)->FeedNames() : AsPredictor(h)->FetchNames());
    return Status::OK();
  });
  return out;
}

}  // extern "C"
